import { useLoaderData, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { contactAction } from "./contact-action.server";
import { contactClientAction } from "~/components/contact/contact-client-action";
import { ContactSection } from "~/components/contact/contact-section";
import { FaqSection } from "~/components/home/faq-section";
import { HERO_IMAGE_SIZES, HeroSection } from "~/components/home/hero-section";
import { LISTINGS_BEFORE_EXPANDING, LISTINGS_WHEN_EXPANDED, PropertiesSection } from "~/components/home/properties-section";
import { ServicesSection } from "~/components/home/services-section";
import { TenantServicesSection } from "~/components/home/tenant-services-section";
import { listActiveFaqs } from "~/models/faqs.server";
import { homeListings, inquiryHome } from "~/models/listings.server";
import { listingIn } from "~/models/listing";
import { faqIn } from "~/models/faq";
import { parseId } from "~/http/params";
import { listHeroImages } from "~/models/media.server";
import { homeHead } from "./head.server";
import { homeStructuredData } from "./structured-data";
import { imagePreload, pageMeta, rootText } from "~/document/meta";
import { keepRetryAfter, skipRevalidationAfterPosts } from "~/http/route-exports";
import { visitingHoursSummary } from "~/models/visiting-hours";
import { visitingHours } from "~/models/visiting-hours.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { listings, total } = homeListings({
    all: url.searchParams.get("all") === "1",
    firstCount: LISTINGS_BEFORE_EXPANDING,
    allCount: LISTINGS_WHEN_EXPANDED,
  });
  const about = parseId(url.searchParams.get("about") ?? undefined);
  const heroImages = listHeroImages().map(({ id, filePath }) => ({ id, filePath }));
  const { head, companyHours } = await homeHead(request, heroImages[0]?.filePath);
  return data({
    // 'Ask about this home': the contact form names the home (an unlisted one is ignored).
    inquiry: about === null ? null : inquiryHome(about),
    head,
    companyHours,
    heroImages,
    // In the page's language only: the page never shows the other one.
    listings: listings.map((listing) => listingIn(listing, head.language)),
    total,
    faqs: listActiveFaqs().map((faq) => faqIn(faq, head.language)),
    // The contact card says when homes can be visited from the setting the visit form uses.
    visitingHours: visitingHoursSummary(visitingHours(), head.language),
  });
}

export async function action(args: ActionFunctionArgs) {
  return contactAction(args);
}

export const clientAction = contactClientAction;

// A contact message changes nothing the page shows.
export const shouldRevalidate = skipRevalidationAfterPosts;

export const headers = keepRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const title = rootText(matches, "meta.title", "Lone Star Home Management | Manufactured Housing in Texas");
  const description = rootText(matches, "meta.description", "");
  const structuredData = data ? homeStructuredData(data.head, data.faqs, data.companyHours, (key) => rootText(matches, key, "")) : [];
  return [
    ...pageMeta({ title, description, siteName: rootText(matches, "site.name", "Lone Star Home Management"), head: data?.head, structuredData }),
    ...imagePreload(data?.heroImages[0]?.filePath, HERO_IMAGE_SIZES),
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
      <ContactSection inquiry={data.inquiry} visitingHours={data.visitingHours} />
    </>
  );
}
