import { redirect } from "react-router";
import { DASHBOARD_PATH } from "~/paths";

export async function loader() {
  return redirect(DASHBOARD_PATH);
}
