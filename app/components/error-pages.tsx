import { isRouteErrorResponse } from "react-router";
import { databaseFaultOfStatus, databaseFaultTextKeys } from "~/db/faults";
import { useT } from "~/i18n/use-t";
import type { FormRefusedData } from "~/utils/form-shape";

function Message({ title, text, action, alert = false }: { title: string; text: string; action: string; alert?: boolean }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="page-title">{title}</h1>
      <p role={alert ? "alert" : undefined} className="section-lead">
        {text}
      </p>
      <a href="/" className="mt-8 inline-flex h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
        {action}
      </a>
    </section>
  );
}

export function NotFoundPage() {
  const { t } = useT();
  return (
    <Message
      title={t("notfound.title", "Page Not Found")}
      text={t("notfound.text", "Did you forget to add the page to the router?")}
      action={t("notfound.home", "Go back home")}
    />
  );
}

export function ErrorPage() {
  const { t } = useT();
  return (
    <Message
      title={t("error.title", "Something went wrong")}
      text={t("error.text", "We could not load this page. Please try again in a moment.")}
      action={t("error.home", "Go back home")}
    />
  );
}

/** Whether a route error is the refusal of a post its form could not read (400 or 413, server/form-refusal-routes.ts). */
export function isFormRefusal(error: unknown): error is { data: FormRefusedData } {
  return isRouteErrorResponse(error) && typeof error.data === "object" && error.data !== null && (error.data as Partial<FormRefusedData>).formRefused === true;
}

/** The page a refused form post gets: what happened and what to do, in the visitor's language (the answer's own texts). */
export function FormRefusedPage({ data }: { data: FormRefusedData }) {
  return <Message alert title={data.title} text={data.error} action={data.home} />;
}

/** Whether a route error is a database fault's answer (503 or 507, server/database-fault-routes.ts). */
export function isDatabaseFaultAnswer(error: unknown): boolean {
  return isRouteErrorResponse(error) && databaseFaultOfStatus(error.status) !== null;
}

/**
 * The page for a database fault. The texts come from the dictionary the root loader
 * sent, else from the answer itself (already in the visitor's language): the root
 * loader may not have been able to read the database either.
 */
export function DatabaseFaultPage({ error }: { error: unknown }) {
  const { t } = useT();
  const status = isRouteErrorResponse(error) ? error.status : 0;
  const data: { title?: string; error?: string } = isRouteErrorResponse(error) && typeof error.data === "object" && error.data ? error.data : {};
  const keys = databaseFaultTextKeys(databaseFaultOfStatus(status) ?? "busy");
  return <Message title={t(keys.title, data.title)} text={t(keys.text, data.error)} action={t("error.home", "Go back home")} />;
}
