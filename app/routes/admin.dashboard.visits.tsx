import { Form, Outlet, useLoaderData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { TabPanel } from "~/components/admin/tab-panel";
import { FilterSelect } from "~/components/admin/search-form";
import { VisitPanel } from "~/components/admin/visit-panel";
import { readForm } from "~/http/form-body.server";
import { MESSAGE_CARD_FORM } from "~/http/form-shapes.server";
import { NO_STORE } from "~/http/no-store";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { visitCardItem, visitDecisionAction } from "~/http/visit-decision-form.server";
import { clashFinder } from "~/models/visit-availability.server";
import { officeVisits, type OfficeVisitStatus } from "~/models/office-visits.server";
import { VISITS_PATH } from "~/paths";
import { telHref } from "~/utils/phone";

/**
 * The Visits tab (docs/product.md, the Visits tab): the requests to answer first,
 * each with Confirm and Decline, then the visits from today on by day; a filter by home
 * in the URL. Works without JavaScript.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const homeId = parseId(new URL(request.url).searchParams.get("home") ?? "");
  const view = officeVisits({ homeId });
  const clashesOf = clashFinder(view.waiting.map((request) => ({ id: request.id, propertyId: request.home.id, times: request.visit.times })));
  return data(
    {
      homeId,
      homes: view.homes,
      waiting: view.waiting.map(({ visit, ...request }) => ({ ...request, card: visitCardItem(visit, clashesOf(request.id, request.home.id))! })),
      days: view.days,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = `${VISITS_PATH}${new URL(request.url).search}`;
  const form = await readForm(request, MESSAGE_CARD_FORM);
  const decision = visitDecisionAction(form, admin.email);
  return redirectWithToast(back, decision ?? { title: "Error", description: "Choose Confirm visit or Decline", variant: "destructive" });
}

const STATUS: Record<OfficeVisitStatus, { label: string; style: string }> = {
  requested: { label: "Requested", style: "bg-amber-50 text-amber-900" },
  confirmed: { label: "Confirmed", style: "bg-emerald-50 text-emerald-800" },
  done: { label: "Done", style: "bg-slate-100 text-slate-800" },
  declined: { label: "Declined", style: "bg-slate-100 text-slate-800" },
  cancelled: { label: "Cancelled", style: "bg-red-50 text-red-800" },
};

type Item = { visitor: string; email: string; phone: string | null; language: string | null };

/** The visitor: name, phone (a tel: link), e-mail and language. */
function Visitor({ item }: { item: Item }) {
  const tel = item.phone ? telHref(item.phone) : null;
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold text-slate-900">{item.visitor}</span>
      {item.phone ? (
        <>
          {" · "}
          {tel ? (
            <a href={tel} className="text-brand-700 underline">
              {item.phone}
            </a>
          ) : (
            item.phone
          )}
        </>
      ) : null}
      {" · "}
      <a href={`mailto:${item.email}`} className="break-all text-brand-700 underline">
        {item.email}
      </a>
      {item.language ? ` · ${item.language}` : null}
    </p>
  );
}

export default function VisitsTab() {
  const { homeId, homes, waiting, days } = useLoaderData<typeof loader>();
  const here = useLocation();
  const action = `${VISITS_PATH}${here.search}`;
  return (
    <TabPanel
      id="visits-title"
      title="Visits"
      description="The requests to answer, then the visits from today on, by day (Central Time)."
      toolbar={
        <Form method="get" action={VISITS_PATH} className="flex flex-wrap items-center gap-3">
          <FilterSelect id="visits-home" name="home" label="Home" value={homeId === null ? "" : String(homeId)} options={[{ value: "", label: "All homes" }, ...homes.map((home) => ({ value: String(home.id), label: home.name }))]} />
          <noscript>
            <button type="submit" className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700">
              Show
            </button>
          </noscript>
        </Form>
      }
    >
      <section aria-labelledby="visits-waiting" className="border-b border-slate-200 p-5">
        <h3 id="visits-waiting" className="text-lg font-semibold text-brand-900">
          {`To answer (${waiting.length})`}
        </h3>
        {waiting.length ? (
          <ul className="mt-3 grid gap-4">
            {waiting.map((request) => (
              <li key={request.id}>
                <article aria-label={`Visit request from ${request.visitor}`} className="rounded-lg border border-slate-200 p-4">
                  <h4 className="break-words font-semibold text-slate-900">{request.home.name}</h4>
                  <Visitor item={request} />
                  <VisitPanel messageId={request.id} visit={request.card} action={action} from="visits" />
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600">No visit requests wait for an answer.</p>
        )}
      </section>
      {days.length ? (
        days.map((day) => (
          <section key={day.day} aria-labelledby={`visits-${day.day}`} className="border-b border-slate-200 p-5 last:border-b-0">
            <h3 id={`visits-${day.day}`} className="text-lg font-semibold text-brand-900">
              {day.label}
            </h3>
            <ul className="mt-3 divide-y divide-slate-100">
              {day.visits.map((visit) => (
                <li key={visit.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 py-3">
                  <span className="w-24 shrink-0 font-semibold text-slate-900">{visit.clock}</span>
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium text-slate-900">
                      {visit.home.name}{" "}
                      <span className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[visit.status].style}`}>{STATUS[visit.status].label}</span>
                    </p>
                    <Visitor item={visit} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <p className="p-5 text-slate-600">No visits from today on.</p>
      )}
      <Outlet />
    </TabPanel>
  );
}
