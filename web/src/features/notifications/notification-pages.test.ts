import type { Notification, NotificationPage } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { addArrived, type LoadedPages, loadedNotifications, markLoadedRead, nextPageOf } from "./notification-pages";

const notification = (id: number, read = false): Notification => ({
  id: String(id),
  kind: "favorite",
  actor: { id: "7", username: "xiaowang", nickname: "小王", avatarUrl: null },
  goods: { id: "42", title: "九成新相机", coverUrl: null },
  chatId: null,
  dealId: null,
  orderId: null,
  savedSearchId: null,
  searchCriteria: null,
  amountCents: null,
  excerpt: "",
  createdAt: "2026-11-23T10:00:00.000Z",
  read,
});

const page = (ids: number[], pageNumber: number, total: number): NotificationPage => ({
  list: ids.map((id) => notification(id)),
  total,
  page: pageNumber,
  pageSize: 2,
  unreadCount: total,
});

const ids = (loaded: LoadedPages) => loadedNotifications(loaded).map((item) => item.id);

describe("the loaded pages of the notification centre", () => {
  it("puts one that arrives live on top, once, and counts it in the total", () => {
    const loaded = { pages: [page([5, 4], 1, 5), page([3, 2], 2, 5)] };
    addArrived(loaded, notification(6));
    addArrived(loaded, notification(6));
    expect(ids(loaded)).toEqual(["6", "5", "4", "3", "2"]);
    expect(loaded.pages.map((loadedPage) => loadedPage.total)).toEqual([6, 6]);
  });

  it("shows once what a later page brings again after a live arrival moved it down", () => {
    const loaded = { pages: [page([5, 4], 1, 5)] };
    addArrived(loaded, notification(6));
    loaded.pages.push(page([4, 3], 2, 6));
    expect(ids(loaded)).toEqual(["6", "5", "4", "3"]);
  });

  it("marks the named ones read, or all, and answers how many were unread", () => {
    const loaded = { pages: [{ ...page([], 1, 3), list: [notification(3), notification(2, true), notification(1)] }] };
    expect(markLoadedRead(loaded, ["3", "2"])).toBe(1);
    expect(loadedNotifications(loaded).map((item) => item.read)).toEqual([true, true, false]);
    expect(markLoadedRead(loaded)).toBe(1);
    expect(loadedNotifications(loaded).every((item) => item.read)).toBe(true);
  });

  it("asks for the next page while the server has more", () => {
    expect(nextPageOf(page([5, 4], 1, 5), 1)).toBe(2);
    expect(nextPageOf(page([1], 3, 5), 3)).toBeUndefined();
    expect(nextPageOf(page([], 1, 0), 1)).toBeUndefined();
  });
});
