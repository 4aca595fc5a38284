import { describe, expect, it } from "vitest";
import { databaseUnavailable } from "./errors.js";

describe("which database errors mean 'try again in a moment'", () => {
  it.each([
    [{ code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" }],
    [{ code: "ECONNRESET", message: "read ECONNRESET" }],
    [{ code: "57P01", message: "terminating connection due to administrator command" }],
    [{ code: "57P02", message: "terminating connection due to crash of another server process" }],
    [{ code: "57P03", message: "the database system is starting up" }],
    [{ code: "57014", message: "canceling statement due to statement timeout" }],
    [{ code: "08006", message: "connection failure" }],
    [{ code: "SQLITE_BUSY", message: "database is locked" }],
    [{ code: "SQLITE_LOCKED_SHAREDCACHE", message: "database table is locked" }],
    [new Error("Connection terminated unexpectedly")],
    [new Error("Connection terminated due to connection timeout")],
    [new Error("timeout exceeded when trying to connect")],
    [new Error("Query read timeout")],
    [new Error("Client has encountered a connection error and is not queryable")],
    [Object.assign(new AggregateError([{ code: "ECONNREFUSED" }, { code: "ECONNREFUSED" }]), { message: "" })],
  ])("%o is unavailability", (error) => {
    expect(databaseUnavailable(error)).toBe(true);
  });

  it.each([
    [{ code: "23505", message: "duplicate key value violates unique constraint" }],
    [{ code: "22P02", message: "invalid input syntax for type integer" }],
    [{ code: "SQLITE_CONSTRAINT_UNIQUE", message: "UNIQUE constraint failed" }],
    [{ code: "FST_ERR_CTP_INVALID_JSON_BODY", message: "bad json" }],
    [new TypeError("Cannot read properties of undefined")],
    [new AggregateError([{ code: "ECONNREFUSED" }, new Error("other")])],
    [null],
    ["Connection terminated"],
  ])("%o is a fault of its own", (error) => {
    expect(databaseUnavailable(error)).toBe(false);
  });
});
