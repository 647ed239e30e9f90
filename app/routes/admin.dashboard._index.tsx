import { useLoaderData, useNavigation, data, type LoaderFunctionArgs } from "react-router";
import { RecentActivity } from "~/components/admin/recent-activity";
import { auditJson, recentAudit } from "~/models/audit.server";
import { dashboardCounts, spanishToDoCounts } from "~/models/dashboard.server";
import { SpanishToDoPanel } from "~/components/admin/spanish-to-do";
import { requireAdmin } from "~/auth/admin-guard.server";
import { formatDateTime } from "~/utils/dates";
import { DASHBOARD_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";
import { countNewMessages } from "~/models/messages.server";
import { NewMessagesLink } from "~/components/admin/new-messages-link";
import { SearchAlertCounts } from "~/components/admin/search-alert-counts";
import { ResponseTimesPanel } from "~/components/admin/response-times";
import { responseFigures } from "~/models/response-times.server";
import { durationWords } from "~/utils/duration-words";
import { searchAlertCounts } from "~/models/search-alerts.server";
import { incompleteFacts } from "~/models/home-facts.server";
import { FactsToCompletePanel } from "~/components/admin/facts-to-complete";
import { CriteriaToReviewPanel } from "~/components/admin/criteria-to-review";
import { criteriaTextsAsSeeded } from "~/models/rental-criteria.server";

const RECENT_ACTIVITY = 10;
// The homes "Facts to complete" names; the Properties tab's filter has them all.
const FACTS_LISTED = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const response = responseFigures();
  const responseTimes = {
    waiting: response.waiting,
    oldestWait: response.oldestWaitMs === null ? null : durationWords(response.oldestWaitMs),
    medianFirstReply: response.medianFirstReplyMs === null ? null : durationWords(response.medianFirstReplyMs),
  };
  const activity = recentAudit(RECENT_ACTIVITY).map((entry) => ({ ...auditJson(entry), createdAt: entry.createdAt.toISOString(), when: formatDateTime(entry.createdAt) }));
  return data(
    { counts: dashboardCounts(), newMessages: countNewMessages(), responseTimes, alerts: searchAlertCounts(), spanish: spanishToDoCounts(), facts: incompleteFacts(FACTS_LISTED), criteria: criteriaTextsAsSeeded(), activity },
    { headers: NO_STORE },
  );
}

const CARDS = [
  { key: "properties", label: "Total Properties" },
  { key: "faqs", label: "Total FAQs" },
  { key: "media", label: "Total Media" },
  { key: "messages", label: "Total Messages" },
] as const;

/** Beside the public count, every home the Properties tab lists: "8 homes, 7 public". */
const homesInWords = (all: number, shown: number) => `${all === 1 ? "1 home" : `${all} homes`}, ${shown} public`;

export default function Overview() {
  const { counts, newMessages, responseTimes, alerts, spanish, facts, criteria, activity } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // While a client-side navigation to the Overview loads its counts, the cards say so.
  const loading = navigation.state === "loading" && navigation.location.pathname === DASHBOARD_PATH;
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="sr-only">
        Overview
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((card) => (
          <div key={card.key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
            <dd className="mt-2 text-3xl font-bold text-brand-900" aria-busy={loading || undefined}>
              {loading ? "..." : counts[card.key]}
            </dd>
            {card.key === "properties" && !loading ? <dd className="mt-1 text-sm text-slate-600">{homesInWords(counts.allProperties, counts.properties)}</dd> : null}
            {card.key === "messages" && !loading ? (
              <dd className="mt-1">
                <NewMessagesLink count={newMessages} />
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      <ResponseTimesPanel figures={responseTimes} loading={loading} />
      <SearchAlertCounts counts={alerts} loading={loading} />
      <SpanishToDoPanel counts={spanish} />
      <FactsToCompletePanel summary={facts} />
      <CriteriaToReviewPanel asSeeded={criteria} />
      <RecentActivity items={activity} />
    </section>
  );
}
