/**
 * Show the stock of a product.
 * @read
 */
export function getStock(sku: string): number {
  return sku.length;
}

/**
 * Empty the warehouse. Its doc comment forgets to say what it does.
 */
export function emptyWarehouse(): void {}

export function restock(sku: string, count: number): void {
  void sku;
  void count;
}
