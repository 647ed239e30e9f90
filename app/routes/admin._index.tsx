import { redirect } from "@remix-run/node";
import { DASHBOARD_PATH } from "~/utils/auth.server";

export async function loader() {
  return redirect(DASHBOARD_PATH);
}
