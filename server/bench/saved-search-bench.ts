/**
 * Posting with 10,000 saved searches kept, next to posting with none, and what one round of the
 * saved-search job costs (`npm run bench:saved-searches`, SQLite, or PostgreSQL with
 * TEST_DATABASE_URL and TEST_DB=postgres). Posting does not match saved searches itself: the job
 * does, once a minute, from a cursor; this measures that it stays so.
 */
import { CATEGORIES, type Category, DiscoveryLimits } from "@xianzhi/contract";
import { criteriaText, matchSavedSearches } from "../src/features/saved-searches/index.js";
import { serviceDeps } from "../src/services.js";
import { registerUser } from "../src/test-support/accounts.js";
import { call, createTestApp } from "../src/test-support/test-app.js";
import { generateGoods, seededRandom } from "./catalogue.js";
import { describeMachine, loadAverage } from "./http-report.js";

const SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 10_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 200);
const ROUNDS = 3;
const KEYWORDS = ["相机", "索尼 相机", "自行车", "乐高", "苹果手机", "任天堂", "沙发", "吉他", "耳机", "羽绒服"];

const t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "100000" });
const random = seededRandom(7);
const seller = await registerUser(t.app, t.dataDir);

/** Posts goods from the catalogue; answers the milliseconds each post took. */
async function post(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const goods = generateGoods(random);
    const body = { ...goods, status: undefined, favCount: undefined, condition: goods.condition };
    const started = performance.now();
    const reply = await call(t.app, "POST", "/api/goods", { token: seller.token, body });
    times.push(performance.now() - started);
    if (reply.code !== 200) throw new Error(`posting failed: ${reply.msg}`);
  }
  return times;
}

/** Saved searches of SEARCHES / savedSearchesMax users, as many as each may keep. */
async function keepSearches(): Promise<void> {
  const now = new Date().toISOString();
  const categories = Object.keys(CATEGORIES) as Category[];
  for (let owner = 0; owner * DiscoveryLimits.savedSearchesMax < SEARCHES; owner += 1) {
    const user = await t.app.db
      .insertInto("users")
      .values({
        username: `saver${owner}`,
        usernameLower: `saver${owner}`,
        email: `saver${owner}@example.com`,
        passwordHash: "-",
        nickname: `saver${owner}`,
        bio: "",
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: DiscoveryLimits.savedSearchesMax }, (_, n) => {
      const criteria = {
        keyword: KEYWORDS[(owner + n) % KEYWORDS.length] as string,
        category: n % 3 === 0 ? categories[n % categories.length] : undefined,
        minPrice: n * 100,
        maxPrice: n % 2 === 0 ? (n + 1) * 50_000 : undefined,
      };
      return { userId: user.id, name: criteria.keyword, criteria: criteriaText(criteria), createdAt: now };
    });
    await t.app.db.insertInto("savedSearches").values(rows).execute();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;
const ms = (value: number) => value.toFixed(2);

const loadBefore = loadAverage();
await post(50); // warm-up
const without: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) without.push(...(await post(POSTS)));
await matchSavedSearches(serviceDeps(t.app), 0);
await keepSearches();
const withSearches: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) withSearches.push(...(await post(POSTS)));

const posted = await post(500);
const started = performance.now();
const told = await matchSavedSearches(serviceDeps(t.app), 0);
const roundMs = performance.now() - started;

console.log(`# Saved searches and posting (${process.env.TEST_DB ?? "sqlite"})\n`);
console.log(`- Command: \`npm run bench:saved-searches\`; ${describeMachine()}`);
console.log(`- Load average: ${loadBefore} at the start, ${loadAverage()} at the end\n`);
console.log("| posting | posts | p50 ms | p99 ms |\n|---|---:|---:|---:|");
console.log(`| no saved searches | ${without.length} | ${ms(median(without))} | ${ms(p99(without))} |`);
console.log(
  `| ${SEARCHES} saved searches | ${withSearches.length} | ${ms(median(withSearches))} | ${ms(p99(withSearches))} |`,
);
console.log(
  `\nOne round of the job: ${posted.length} new goods against ${SEARCHES} saved searches in ${ms(roundMs)} ms, ${told} notifications written.`,
);
await t.close();
