import type { ClientActionFunctionArgs } from "react-router";
import type { ContactActionData } from "~/models/contact-schema";

/**
 * For the home page's `clientAction`. A fetcher whose request never reaches the app
 * (network down, a proxy's 502) makes Remix throw, which replaces the whole page with
 * the error page; answering "failed" instead keeps the page and what the visitor typed,
 * and the contact section shows the failure toast.
 */
export async function contactClientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<ContactActionData>();
  } catch {
    return { status: "failed" } satisfies ContactActionData;
  }
}
