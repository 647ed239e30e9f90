import type { MetaFunction } from "react-router";
import { NotFoundPage } from "~/components/error-pages";
import { rootText } from "~/document/meta";

/** Every path no other route claims: the 404 page, with status 404. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: rootText(matches, "notfound.meta_title", "Page Not Found") },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
