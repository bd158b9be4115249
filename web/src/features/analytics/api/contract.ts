/**
 * A compile-time check: `Agrees<Answer extends OurReading ? true : false>` fails to type-check when
 * the API's response schema and the way the screen reads it drift apart.
 */
export type Agrees<T extends true> = T;
