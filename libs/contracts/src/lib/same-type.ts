/**
 * True when A and B are the same type, property by property (optional or not, nested too): a
 * compile-time check that a schema's Static<> is exactly a type another library declares.
 */
export type SameType<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
