import { getDictionary } from "~/models/texts.server";
import { pageHead } from "~/document/seo.server";

/**
 * The home page's head: the first hero picture as its preview. Its structured data (the
 * company, the FAQs) is made by the meta function from the page's own data
 * (structured-data.ts); `companyHours` is the English office hours it reads them from.
 */
export async function homeHead(request: Request, heroImage: string | undefined) {
  const dictionary = getDictionary();
  const head = await pageHead(request, { path: "/", image: { src: heroImage, alt: dictionary.en["site.name"] ?? "" } });
  return { head, companyHours: dictionary.en["contact.hours"] ?? "" };
}
