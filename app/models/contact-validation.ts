import { parseWithZod } from "@conform-to/zod";
import { contactSchema } from "./contact-schema";

/**
 * The contact form's check in the browser, with zod: loaded by the home page only after
 * it has started (a dynamic import), so zod is not part of the page's first load.
 */
export function validateContact(formData: FormData) {
  return parseWithZod(formData, { schema: contactSchema });
}
