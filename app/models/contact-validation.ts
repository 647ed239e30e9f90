import { parse } from "@conform-to/react";
import { contactErrors } from "./contact-check";

/**
 * The contact form's check in the browser: loaded by the home page only after it has
 * started (a dynamic import), and without zod (contact-check.ts), so it costs the page
 * almost nothing.
 */
export function validateContact(formData: FormData) {
  return parse(formData, {
    resolve: (value) => {
      const error = contactErrors(value);
      return Object.keys(error).length > 0 ? { error } : { value };
    },
  });
}
