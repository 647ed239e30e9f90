import { redirect, data, useActionData, useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { VisitorVisitPage, type VisitorVisitAnswer } from "~/components/visits/visitor-visit-page";
import { rootText } from "~/document/meta";
import { readForm } from "~/http/form-body.server";
import { VISITOR_VISIT_FORM } from "~/http/form-shapes.server";
import { NO_STORE } from "~/http/no-store";
import { refuseUnlessPost } from "~/http/page-post.server";
import { getLanguage } from "~/i18n/i18n.server";
import { parseOffsetDateTime, visitTimeWithoutZone } from "~/models/visiting-hours";
import { VISIT_ERRORS } from "~/models/visit-schema";
import { cancelVisitAsVisitor, moveVisitAsVisitor, type VisitorChange } from "~/models/visitor-visit-changes.server";
import { visitorVisitView } from "~/models/visitor-visit-view.server";
import { VISITOR_VISIT_PATH } from "~/paths";

/**
 * /my-visit?token=…: the visitor's own page of their visit, opened from any of their
 * visit mails (docs/product.md, "The visitor's link"). No sign-in: the link's token is
 * the key. Reading it changes nothing; 'Cancel this visit' and a chosen time post, so a
 * mail scanner that opens the link changes nothing either. 404 for a token that is not
 * ours, 410 once the visit is past; never cached, never indexed.
 */

const DONE = ["cancelled", "moved", "asked"] as const;

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

export async function loader({ request }: LoaderFunctionArgs) {
  const view = visitorVisitView(tokenOf(request), await getLanguage(request));
  const status = view.kind === "unknown" ? 404 : view.kind === "past" ? 410 : 200;
  const done = DONE.find((kind) => kind === new URL(request.url).searchParams.get("done")) ?? null;
  return data({ view, done }, { status, headers: NO_STORE });
}

/** A change refused, as the page says it (the dictionary's key) with the free times nearest a time just taken. */
function refusal(change: VisitorChange, language: "en" | "es"): { status: number; answer: VisitorVisitAnswer } {
  switch (change.kind) {
    case "time_taken":
      return { status: 409, answer: { error: VISIT_ERRORS.timeTaken, freeNearby: change.freeNearby.map((time) => visitTimeWithoutZone(time, language)) } };
    case "no_time":
      return { status: 400, answer: { error: "myvisit.error.choose" } };
    case "time_invalid":
      return { status: 400, answer: { error: VISIT_ERRORS.timeUnavailable } };
    case "too_many":
      return { status: 429, answer: { error: "myvisit.error.too_many" } };
    case "closed":
      return { status: 409, answer: { error: "myvisit.error.closed" } };
    case "not_allowed":
      return { status: 409, answer: { error: "myvisit.error.not_allowed" } };
    case "past":
      return { status: 410, answer: { error: "myvisit.past.title" } };
    default:
      return { status: 404, answer: { error: "myvisit.unknown.title" } };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  refuseUnlessPost(request);
  const form = await readForm(request, VISITOR_VISIT_FORM);
  const language = await getLanguage(request);
  const token = tokenOf(request);
  const change = form.get("intent") === "cancel" ? cancelVisitAsVisitor(token) : moveVisitAsVisitor(token, parseOffsetDateTime(form.get("time")));
  if (change.kind === "cancelled" || change.kind === "moved" || change.kind === "asked") {
    const back = new URL(request.url);
    back.searchParams.set("done", change.kind);
    // Back to the page (a reload asks nothing again), its answer at the top.
    throw redirect(`${VISITOR_VISIT_PATH}${back.search}#visit-answer`, { headers: NO_STORE });
  }
  const { status, answer } = refusal(change, language);
  return data(answer, { status, headers: NO_STORE });
}

// The page holds a personal link: the browser and any proxy keep none of it.
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return headers;
};

export const meta: MetaFunction = ({ matches }) => [
  { title: `${rootText(matches, "myvisit.meta_title", "Your visit")} | ${rootText(matches, "site.name", "Lone Star Home Management")}` },
  { name: "robots", content: "noindex" },
];

export default function MyVisit() {
  const { view, done } = useLoaderData<typeof loader>();
  const answer = useActionData<VisitorVisitAnswer>();
  return <VisitorVisitPage view={view} done={done} answer={answer} />;
}
