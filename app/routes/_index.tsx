import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { contactAction } from "~/components/contact/contact-action.server";
import { contactClientAction } from "~/components/contact/contact-client-action";
import { ContactSection } from "~/components/contact/contact-section";
import { FaqSection } from "~/components/home/faq-section";
import { HeroSection } from "~/components/home/hero-section";
import { LISTINGS_BEFORE_EXPANDING, PropertiesSection } from "~/components/home/properties-section";
import { ServicesSection } from "~/components/home/services-section";
import { TenantServicesSection } from "~/components/home/tenant-services-section";
import { listActiveFaqs } from "~/models/faqs.server";
import { homeListings } from "~/models/listings.server";
import { listHeroImages } from "~/models/media.server";
import { config } from "~/utils/env.server";
import { rootText } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { listings, total } = homeListings({ all: url.searchParams.get("all") === "1", firstCount: LISTINGS_BEFORE_EXPANDING });
  return json({
    canonicalUrl: `${config().appUrl}/`,
    heroImages: listHeroImages().map(({ id, filePath, originalName }) => ({ id, filePath, originalName })),
    listings,
    total,
    faqs: listActiveFaqs().map(({ id, question, answer, questionSpanish, answerSpanish }) => ({
      id,
      question,
      answer,
      questionSpanish,
      answerSpanish,
    })),
  });
}

export async function action(args: ActionFunctionArgs) {
  return contactAction(args);
}

export const clientAction = contactClientAction;

// A contact message changes nothing the page shows: no reload of listings after it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;

// A form post over the rate limit keeps its Retry-After on the page response too.
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const title = rootText(matches, "meta.title", "Lone Star Home Management | Manufactured Housing in Texas");
  const description = rootText(matches, "meta.description", "");
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
  ];
};

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <HeroSection images={data.heroImages} />
      <ServicesSection />
      <TenantServicesSection />
      <PropertiesSection listings={data.listings} total={data.total} />
      <FaqSection faqs={data.faqs} />
      <ContactSection />
    </>
  );
}
