import { Currency, Order, OrderStatus, Page } from "./types";

/**
 * Show an order: its total, the card on file and its status.
 *
 * @read
 * @param order_id The order to show.
 */
export async function getOrder(order_id: string): Promise<Order> {
  throw new Error(`not here: ${order_id}`);
}

/**
 * Charge an amount to the card on file for an order.
 *
 * @write
 * @compensation refundCard {"order_id": "$args.order_id", "amount": "$args.amount"}
 * @idempotency_key idempotency_key
 * @privilege payments:charge
 * @confirmation Charge this card?
 * @side_effect W2
 */
export async function chargeCard(args: {
  /** The order to charge. */
  order_id: string;
  /** How much, in cents. */
  amount: number;
  currency?: Currency;
  idempotency_key?: string;
}): Promise<{ charge_id: string; status: "succeeded" | "pending" }> {
  throw new Error(String(args));
}

/** What a refund takes. */
export interface RefundArgs {
  order_id: string;
  amount: number;
  reason?: "duplicate" | "goodwill";
}

/**
 * Refund an amount to the card on file for an order.
 * @write
 * @irreversible
 * @owner payments-team
 * @version 2.1
 */
export function refundCard(args: RefundArgs): boolean {
  return args.amount > 0;
}

/**
 * Search the orders of a customer.
 * @read
 * @reads_outside
 * @domain connectors
 * @param customer Whose orders.
 * @param statuses Only orders in these states.
 * @returns One page of orders.
 */
export function searchOrders(customer: string, statuses?: OrderStatus[], limit = 20): Page<Order> {
  return { items: [], next: customer + String(statuses) + String(limit) };
}

/**
 * Move an order to the archive.
 * @write
 */
export async function archiveOrder({ order_id }: { order_id: string }): Promise<void> {
  void order_id;
}

// Not exported: not a tool.
function helper(): number {
  return 1;
}

/** Exported, but a class: not a tool. */
export class Shop {
  open(): number {
    return helper();
  }
}
