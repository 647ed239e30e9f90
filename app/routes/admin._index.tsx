import { redirect } from "@remix-run/node";
import { DASHBOARD_PATH } from "~/paths";

export async function loader() {
  return redirect(DASHBOARD_PATH);
}
