import sharp from "sharp";
import type { Db } from "../db/database.js";
import { uniqueViolation } from "../db/errors.js";
import { insertUser, updateUser } from "../features/accounts/index.js";
import { addAddress } from "../features/addresses/index.js";
import { openChat, sendMessage } from "../features/chat/index.js";
import { addComment } from "../features/comments/index.js";
import { completeDeal } from "../features/deals/index.js";
import { addFavorite } from "../features/favorites/index.js";
import { createGoods, editGoods } from "../features/goods/index.js";
import { storingOutbox } from "../features/notifications/index.js";
import { acceptOffer, makeOffer } from "../features/offers/index.js";
import type { PictureFiles } from "../features/pictures/index.js";
import { insertPicture } from "../features/pictures/index.js";
import { createReview } from "../features/reviews/index.js";
import { nowIso } from "../lib/clock.js";
import { hashPassword } from "../lib/secrets.js";
import {
  DEMO_ADDRESSES,
  DEMO_CHAT,
  DEMO_COMMENTS,
  DEMO_FAVORITES,
  DEMO_GOODS,
  DEMO_PASSWORD,
  DEMO_PRICE_CUTS,
  DEMO_TRADES,
  DEMO_USERS,
  type DemoUsername,
} from "./demo-goods.js";

export { DEMO_PASSWORD, DEMO_USERS };

import { demoPictureSvg } from "./pictures.js";

/** Where the seed says what it made: the server's log, or a command's output. */
export interface SeedLog {
  info(details: object, message: string): void;
}

/** On the first start (no users yet): accounts, goods with pictures, comments and favourites. */
export async function seedDemoData(db: Db, files: PictureFiles, log: SeedLog): Promise<void> {
  const anyUser = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (anyUser) return;
  let userIds: Record<DemoUsername, number>;
  try {
    userIds = await seedUsers(db);
  } catch (error) {
    // Another server process is seeding the same empty database at this moment.
    if (uniqueViolation(error) !== null) return;
    throw error;
  }
  const goodsIds = await seedGoods(db, files, userIds);
  await seedTrades(db, userIds, goodsIds);
  for (const [username, address] of Object.entries(DEMO_ADDRESSES)) {
    await addAddress({ db }, userIds[username as DemoUsername], { ...address, isDefault: true });
  }
  log.info(
    { users: DEMO_USERS.map((user) => user.username), password: DEMO_PASSWORD, goods: DEMO_GOODS.length },
    `demo data created: sign in as ${DEMO_USERS.map((user) => user.username).join(" / ")} with password ${DEMO_PASSWORD}`,
  );
}

/** What each demo write is given: an outbox of its own that stores its notifications and pushes none. */
const writeDeps = (db: Db) => ({ db, outbox: storingOutbox() });

async function seedUsers(db: Db): Promise<Record<DemoUsername, number>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (tx) => {
    const ids = {} as Record<DemoUsername, number>;
    for (const demo of DEMO_USERS) {
      const user = await insertUser(tx, { username: demo.username, email: demo.email, passwordHash, now: nowIso() });
      await updateUser(tx, user.id, { nickname: demo.nickname, bio: demo.bio });
      ids[demo.username] = user.id;
    }
    return ids;
  });
}

async function seedGoods(db: Db, files: PictureFiles, userIds: Record<DemoUsername, number>): Promise<number[]> {
  const goodsIds: number[] = [];
  for (const [index, demo] of DEMO_GOODS.entries()) {
    const ownerId = userIds[demo.seller];
    const fileIds: string[] = [];
    for (let variant = 0; variant < demo.pictures; variant++) {
      const png = await sharp(Buffer.from(demoPictureSvg(demo.category, index + variant * 2, demo.thing)))
        .png()
        .toBuffer();
      const picture = await files.process(png);
      await insertPicture(db, { ...picture, ownerId, createdAt: nowIso() });
      fileIds.push(picture.fileId);
    }
    const goods = await createGoods(writeDeps(db), ownerId, {
      title: demo.title,
      description: demo.description,
      priceCents: demo.yuan * 100,
      originalPriceCents: demo.originalYuan === undefined ? undefined : demo.originalYuan * 100,
      category: demo.category,
      condition: demo.condition,
      location: demo.location,
      fileIds,
    });
    goodsIds.push(Number(goods.id));
  }
  const commentIds: string[] = [];
  for (const comment of DEMO_COMMENTS) {
    const replyToId = comment.replyTo === undefined ? undefined : commentIds[comment.replyTo];
    const created = await addComment(writeDeps(db), userIds[comment.author], {
      goodsId: String(goodsIds[comment.goodsIndex]),
      content: comment.content,
      replyToId,
    });
    commentIds.push(created.id);
  }
  for (const favorite of DEMO_FAVORITES) {
    await addFavorite(writeDeps(db), userIds[favorite.user], goodsIds[favorite.goodsIndex] as number);
  }
  for (const cut of DEMO_PRICE_CUTS) {
    const seller = userIds[(DEMO_GOODS[cut.goodsIndex] as (typeof DEMO_GOODS)[number]).seller];
    await editGoods({ ...writeDeps(db), pictureFiles: files }, seller, goodsIds[cut.goodsIndex] as number, {
      priceCents: cut.yuan * 100,
    });
  }
  const goods = DEMO_GOODS[DEMO_CHAT.goodsIndex];
  if (!goods) return goodsIds;
  const chat = await openChat({ db }, userIds[DEMO_CHAT.buyer], {
    peerId: String(userIds[goods.seller]),
    goodsId: String(goodsIds[DEMO_CHAT.goodsIndex]),
  });
  for (const [index, message] of DEMO_CHAT.messages.entries()) {
    await sendMessage({ db }, userIds[message.from], {
      type: "send",
      chatId: chat.chatId,
      msgType: "text",
      content: message.text,
      clientMsgId: `demo-${index}`,
    });
  }
  return goodsIds;
}

/** The demo trades, made through the services people's calls go through. */
async function seedTrades(db: Db, userIds: Record<DemoUsername, number>, goodsIds: number[]): Promise<void> {
  for (const trade of DEMO_TRADES) {
    const goods = DEMO_GOODS[trade.goodsIndex] as (typeof DEMO_GOODS)[number];
    const [buyerId, sellerId] = [userIds[trade.buyer], userIds[goods.seller]];
    const amountCents = Math.round(goods.yuan * trade.share) * 100;
    const body = { goodsId: String(goodsIds[trade.goodsIndex]), amountCents };
    const offer = (await makeOffer(writeDeps(db), buyerId, body)).data;
    if (trade.end === "open") continue;
    const dealId = Number((await acceptOffer(writeDeps(db), sellerId, Number(offer.id))).data.dealId);
    if (trade.end === "reserved") continue;
    await completeDeal(writeDeps(db), sellerId, dealId);
    for (const review of trade.reviews ?? []) {
      const content = review.text;
      await createReview(writeDeps(db), userIds[review.from], {
        dealId: String(dealId),
        rating: review.rating,
        content,
      });
    }
  }
}
