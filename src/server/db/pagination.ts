/** Lists are paged in the database (docs/product/api-contracts.md): a page number from 1 and a page size. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** One page of rows and how many rows match in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export const pageOffset = ({ page, pageSize }: PageRequest) => (page - 1) * pageSize;
