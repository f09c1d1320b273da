import { useRouteLoaderData } from "react-router";
import { TodayPage } from "../../components/back-office/today-page";
import type { loader as layoutLoader } from "./layout";
import StaffQueue from "./queue";

/**
 * /staff (ADR 044): managers land on Today; production staff land on the production queue as before.
 * The queue is also at /staff/queue, so managers reach it from the console's navigation.
 */
export default function StaffHome() {
  const console = useRouteLoaderData<typeof layoutLoader>("routes/staff/layout");
  return console?.manager ? <TodayPage /> : <StaffQueue />;
}
