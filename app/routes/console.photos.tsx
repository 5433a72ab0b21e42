import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole } from "#app/features/console/console-session.server.ts";
import { photoReasons } from "#app/features/console/reasons.server.ts";
import { decide } from "#app/features/console/review.server.ts";
import { utcMinute } from "#app/features/console/utc-minute.ts";
import { ReviewQueue } from "#app/features/console/review-queue.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  const { items } = await callConsole(request, routes.operators.photos);
  return { items, reasons: photoReasons };
}

export const action = ({ request }: ActionFunctionArgs) => decide(request, routes.operators.reviewPhoto);

export default function ConsolePhotos() {
  const { items, reasons } = useLoaderData<typeof loader>();
  return (
    <ReviewQueue
      heading="Campaign photos waiting for review"
      empty="No campaign application waits for review."
      reasons={reasons}
      items={items.map((item) => ({
        userId: item.user_id,
        picture: item.picture,
        title: `Campaign photo of user ${item.display_id}`,
        facts: [
          ["User", `${item.name || item.display_id} (id ${item.user_id})`],
          ["Contact", item.contact],
          ["Submitted", utcMinute(item.submitted_at)],
        ],
      }))}
    />
  );
}
