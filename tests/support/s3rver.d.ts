// s3rver ships no types: only what tests/support/s3.ts uses.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; resetOnClose?: boolean });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
