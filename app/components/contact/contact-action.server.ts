import { json, type ActionFunctionArgs } from "@remix-run/node";

/** The home page's form action: the contact form posts here. */
export async function contactAction(_args: ActionFunctionArgs) {
  return json({ error: "Not available" }, { status: 405 });
}
