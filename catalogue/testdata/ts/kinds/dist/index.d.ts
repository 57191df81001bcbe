export declare enum Priority {
    Low = 0,
    Normal = 5,
    High = 6
}
export type Point = [x: number, y: number, z?: number];
export interface Base {
    /** When it was made. */
    created: Date;
    tags?: string[];
}
export interface Ticket extends Base {
    id: string;
    title: string;
    priority: Priority;
    assignee?: string | null;
    meta: Record<string, string>;
    [extra: string]: unknown;
}
export type TicketPatch = Partial<Pick<Ticket, "title" | "priority">>;
export type Tree<T> = {
    value: T;
    children: Tree<T>[];
};
/**
 * Open a ticket.
 * @write
 * @egress
 * @domain agents
 */
export declare function openTicket(title: string, priority?: Priority, ...labels: string[]): Ticket;
/** Update a ticket. @write */
export declare function updateTicket(id: string, patch: TicketPatch & {
    reason: "typo" | "scope";
}): Ticket | undefined;
/**
 * Whether a ticket is closed.
 * @read
 */
export declare function isClosed(t: Ticket): t is Ticket & {
    closed: true;
};
/**
 * Find tickets near a point.
 * @read
 */
export declare function findNear(at: Point, opts?: {
    radius?: number;
    exact: boolean;
}): Map<string, Ticket[]>;
/**
 * Overloaded lookup.
 * @read
 */
export declare function lookup(id: string): Ticket;
export declare function lookup(id: number): Ticket;
/**
 * Walk a tree.
 * @read
 */
export declare function walk<T>(tree: Tree<T>, visit: (value: T) => void): Promise<number>;
/**
 * A function made with an arrow: a tool too.
 * @read
 */
export declare const ping: () => string;
/** The default export is not a named tool. @read */
export default function main(): void;
export declare namespace Admin {
    function reset(): void;
}
//# sourceMappingURL=index.d.ts.map