import { Form, useLoaderData, useLocation, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { readForm } from "~/http/form-body.server";
import { DECLINE_VISIT_FORM } from "~/http/form-shapes.server";
import { NO_STORE } from "~/http/no-store";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { DECLINE_FIELDS, DECLINE_REASONS, isDeclineReason, MEETING_NOTE_MAX, meetingNoteOf, VISIT_DECISION_MESSAGES } from "~/models/visit-decision-form";
import { declineVisit, getVisitRequest } from "~/models/visit-requests.server";
import { MESSAGES_PATH, VISITS_PATH } from "~/paths";

/**
 * A visit request's Decline (docs/product.md, the Visits tab): asks first, with why
 * (the visitor's mail says it in their language), a note, and "Suggest another time",
 * which lists the home's free times of the coming days in the mail with the visitor's
 * link to choose one. A dialog over the Visits tab with JavaScript, a page without; back
 * to the Messages tab when it was opened there.
 */

const FORM_ID = "decline-visit";
const backOf = (request: Request) => (new URL(request.url).searchParams.get("from") === "messages" ? `${MESSAGES_PATH}?subject=visit-request` : VISITS_PATH);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const found = id === null ? undefined : getVisitRequest(id);
  if (!found) return redirectWithToast(backOf(request), { title: "Error", description: VISIT_DECISION_MESSAGES.notFound, variant: "destructive" });
  if (found.visit.status !== "requested") return redirectWithToast(backOf(request), { title: "Error", description: VISIT_DECISION_MESSAGES.alreadyDecided(found.visit.status), variant: "destructive" });
  return data({ visitor: `${found.message.firstName} ${found.message.lastName}`, home: found.visit.homeName }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = backOf(request);
  const form = await readForm(request, DECLINE_VISIT_FORM);
  const id = parseId(params.id);
  const reason = form.get(DECLINE_FIELDS.reason);
  const note = meetingNoteOf(form.get(DECLINE_FIELDS.note));
  if (id === null) return redirectWithToast(back, { title: "Error", description: VISIT_DECISION_MESSAGES.notFound, variant: "destructive" });
  if (note === undefined) return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, { title: "Error", description: VISIT_DECISION_MESSAGES.noteTooLong, variant: "destructive" });
  const outcome = declineVisit(id, admin.email, { reason: isDeclineReason(reason) ? reason : "times", note, suggestTimes: form.get(DECLINE_FIELDS.suggest) === "on" });
  if (outcome.kind === "decided") return redirectWithToast(back, { title: "Success", description: VISIT_DECISION_MESSAGES.declined });
  const description = outcome.kind === "conflict" ? VISIT_DECISION_MESSAGES.alreadyDecided(outcome.request.visit.status) : VISIT_DECISION_MESSAGES.notFound;
  return redirectWithToast(back, { title: "Error", description, variant: "destructive" });
}

export default function DeclineVisit() {
  const { visitor, home } = useLoaderData<typeof loader>();
  const here = useLocation();
  const back = new URLSearchParams(here.search).get("from") === "messages" ? `${MESSAGES_PATH}?subject=visit-request` : VISITS_PATH;
  const navigation = useNavigation();
  const declining = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <RouteDialog
      title="Decline visit request"
      backTo={back}
      confirm
      footer={
        <>
          <DialogCancelLink to={back} />
          <DialogSubmitButton form={FORM_ID} pending={declining} label="Decline visit" pendingLabel="Declining..." tone="danger" />
        </>
      }
    >
      <p className="break-words text-slate-700">
        Decline the visit of <span className="font-semibold text-slate-900">{visitor}</span> to <span className="font-semibold text-slate-900">{home}</span>? They get a polite e-mail in their language.
      </p>
      <Form id={FORM_ID} method="post" action={`${here.pathname}${here.search}`} preventScrollReset className="mt-4 grid gap-4">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Why (said in the e-mail)</legend>
          <div className="mt-1 grid gap-1">
            {DECLINE_REASONS.map((reason, index) => (
              <label key={reason.value} className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
                <input type="radio" name={DECLINE_FIELDS.reason} value={reason.value} defaultChecked={index === 0} className="h-4 w-4" />
                {reason.label}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="block text-sm font-semibold text-slate-800">
          Note (optional)
          <input type="text" name={DECLINE_FIELDS.note} maxLength={MEETING_NOTE_MAX} className={`${FIELD_CLASS} h-10 font-normal`} />
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name={DECLINE_FIELDS.suggest} defaultChecked className="mt-0.5 h-4 w-4" />
          <span>
            <span className="font-semibold">Suggest another time</span>: the e-mail lists the home&apos;s free times of the coming days, with the visitor&apos;s link to choose one.
          </span>
        </label>
      </Form>
    </RouteDialog>
  );
}
