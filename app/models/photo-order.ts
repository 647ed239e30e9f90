/**
 * A home's linked photos in the order the public carousels show them (docs/product.md §2,
 * Property Images): the main image first when it is one of them, then the others in their
 * own order. Property Images lists them so, and the order is stored so.
 */
export function mainFirst<T extends { filePath: string }>(items: T[], mainPath: string | null | undefined): T[] {
  const main = mainPath ? items.find((item) => item.filePath === mainPath) : undefined;
  return main ? [main, ...items.filter((item) => item !== main)] : items;
}
