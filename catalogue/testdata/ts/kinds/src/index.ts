export enum Priority {
  Low,
  Normal = 5,
  High,
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

export type Tree<T> = { value: T; children: Tree<T>[] };

/**
 * Open a ticket.
 * @write
 * @egress
 * @domain agents
 */
export function openTicket(title: string, priority: Priority = Priority.Normal, ...labels: string[]): Ticket {
  return { id: "1", title, priority, meta: {}, created: new Date(), tags: labels };
}

/** Update a ticket. @write */
export function updateTicket(id: string, patch: TicketPatch & { reason: "typo" | "scope" }): Ticket | undefined {
  void id;
  void patch;
  return undefined;
}

/**
 * Whether a ticket is closed.
 * @read
 */
export function isClosed(t: Ticket): t is Ticket & { closed: true } {
  return "closed" in t;
}

/**
 * Find tickets near a point.
 * @read
 */
export function findNear(at: Point, opts?: { radius?: number; exact: boolean }): Map<string, Ticket[]> {
  void at;
  void opts;
  return new Map();
}

/**
 * Overloaded lookup.
 * @read
 */
export function lookup(id: string): Ticket;
export function lookup(id: number): Ticket;
export function lookup(id: string | number): Ticket {
  return { id: String(id), title: "", priority: Priority.Low, meta: {}, created: new Date() };
}

/**
 * Walk a tree.
 * @read
 */
export function walk<T>(tree: Tree<T>, visit: (value: T) => void): Promise<number> {
  void tree;
  void visit;
  return Promise.resolve(0);
}

/**
 * A function made with an arrow: a tool too.
 * @read
 */
export const ping = (): string => "pong";

/** The default export is not a named tool. @read */
export default function main(): void {}

export namespace Admin {
  export function reset(): void {}
}
