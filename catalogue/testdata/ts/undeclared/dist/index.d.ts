/**
 * Show the stock of a product.
 * @read
 */
export declare function getStock(sku: string): number;
/**
 * Empty the warehouse. Its doc comment forgets to say what it does.
 */
export declare function emptyWarehouse(): void;
export declare function restock(sku: string, count: number): void;
//# sourceMappingURL=index.d.ts.map