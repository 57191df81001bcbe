/** Where an order stands. */
export type OrderStatus = "open" | "paid" | "archived";
/** A line of an order. */
export interface Line {
    /** What was bought. */
    label: string;
    /** The price in cents. */
    amount: number;
    /** Lines bundled inside this one. */
    children?: Line[];
}
/** An order of the shop. */
export interface Order {
    order_id: string;
    total: number;
    status: OrderStatus;
    card_on_file: string | null;
    lines: Line[];
    placed_at: Date;
}
export declare enum Currency {
    Euro = "EUR",
    Dollar = "USD",
    Real = "BRL"
}
export interface Page<T> {
    items: T[];
    next?: string;
}
//# sourceMappingURL=types.d.ts.map