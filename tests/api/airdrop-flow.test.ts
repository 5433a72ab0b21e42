import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, signUp, type TestApi } from "../setup/test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ ROUND_SECONDS: "3600", ROUND_EPOCH: "2026-03-01T00:00:00Z" });
});
afterAll(async () => api.close());

test("start, wait, mint through rounds, get suspended, claim, resume", async () => {
  api.clock.set("2026-03-01T08:30:00Z"); // inside round 9 (closes 09:00)
  const { client } = await signUp(api, "miner@example.com");
  let info = (await client.call("GET", "/v1/mint/user_info/")).body.data;
  expect(info.mint_status).toBe("not_open");

  const started = (await client.call("POST", "/v1/mint/start/")).body;
  expect(started).toEqual({ code: 0, data: { mint_status: "wait", power_granted: 100 } });
  info = (await client.call("GET", "/v1/mint/user_info/")).body.data;
  expect(info).toMatchObject({
    mint_status: "wait",
    power: 100,
    own_power: 100,
    team_power: 0,
    next_round_number: 9,
    next_round_token: "0.00000000",
    round_token: "1.00000000",
  });

  api.clock.set("2026-03-01T09:00:01Z"); // round 10 begins: minting, round 9 closed without us
  // Round 9 closed before this user's first round: nothing to distribute yet.
  expect(await api.distribute()).toEqual([]);
  info = (await client.call("GET", "/v1/mint/user_info/")).body.data;
  expect(info.mint_status).toBe("minting");
  expect(info.next_round_token).toBe("1.00000000");

  for (const hour of ["10", "11", "12"]) {
    api.clock.set(`2026-03-01T${hour}:00:01Z`);
    await api.distribute();
  }
  info = (await client.call("GET", "/v1/mint/user_info/")).body.data;
  expect(info).toMatchObject({
    mint_status: "minting",
    un_collect_round: 3,
    un_collect_amount: "3.00000000",
    next_round_token: "0.00000000",
  });

  api.clock.set("2026-03-01T13:00:01Z");
  const [r13] = await api.distribute();
  expect(r13).toMatchObject({ round: 13, participants: 0, suspended: 1 });
  info = (await client.call("GET", "/v1/mint/user_info/")).body.data;
  expect(info.mint_status).toBe("suspend");

  const claimed = (await client.call("POST", "/v1/mint/collect/")).body.data;
  expect(claimed).toEqual({ amount: "3.00000000", rounds: 3, resumed: true });
  info = (await client.call("GET", "/v1/mint/user_info/")).body.data;
  expect(info).toMatchObject({ mint_status: "wait", vv: "3.00000000", un_collect_round: 0 });
  const list = (await client.call("GET", "/v1/mint/list/")).body.data.list;
  expect(list.map((r: { round_number: number }) => r.round_number)).toEqual([12, 11, 10]);
  expect(list[0]).toMatchObject({ amount: "1.00000000", collected: true, round_claims: 1, distributed: true, round_total: "1.00000000" });

  // The web app's one call for the screen answers what the three calls answer.
  const [overview, alone, rounds, tasks] = await Promise.all(
    ["/v1/mint/overview/", "/v1/mint/user_info/", "/v1/mint/list/", "/v1/mint/task/list/"].map(
      async (path) => (await client.call("GET", path)).body,
    ),
  );
  expect(overview).toEqual({ code: 0, data: { info: alone.data, rounds: rounds.data, tasks: tasks.data } });
  expect(overview.data.info).toMatchObject({ vv: "3.00000000", power: 100 });
});

test("the overview needs a login like the calls it joins", async () => {
  const anonymous = await api.app.inject({ method: "GET", url: "/v1/mint/overview/" });
  expect(anonymous.json()).toMatchObject({ code: 300103 });
});
