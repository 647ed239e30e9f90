import { SPANISH_CONFIRMED_INTENT, SPANISH_NOTES } from "~/models/spanish-status";
import { readForm } from "./form-body.server";
import { SPANISH_CONFIRMED_FORM } from "./form-shapes.server";
import { parseId } from "./params";
import { redirectWithToast } from "./toast.server";

/**
 * A tab's "Spanish is still correct" post: `confirm` records it for the record named by
 * the form's id; the answer is a redirect back to the list (`back`) with its toast.
 */
export async function spanishConfirmedAnswer(request: Request, back: string, confirm: (id: number) => boolean): Promise<Response> {
  const form = await readForm(request, SPANISH_CONFIRMED_FORM);
  const id = parseId(String(form.get("id") ?? ""));
  const done = form.get("intent") === SPANISH_CONFIRMED_INTENT && id !== null && confirm(id);
  return redirectWithToast(
    back,
    done
      ? { title: "Success", description: SPANISH_NOTES.confirmed }
      : { title: "Error", description: SPANISH_NOTES.confirmFailed, variant: "destructive" },
  );
}
