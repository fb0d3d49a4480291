/** The live CORS allow-list; an operator's emergency switch can drop an origin at run time. */
export class CorsPolicy {
  private readonly allowed: Set<string>;

  constructor(origins: readonly string[]) {
    this.allowed = new Set(origins);
  }

  isAllowed(origin: string): boolean {
    return this.allowed.has(origin);
  }

  remove(origin: string): boolean {
    return this.allowed.delete(origin);
  }

  list(): string[] {
    return [...this.allowed];
  }
}
