/**
 * A provider's statement of a day (its bill): every payment it took, refund it made and hold it
 * released for Xianzhi, as `npm run ledger:reconcile` and the daily reconciliation compare them
 * with the ledger. Written and read in the layout of Alipay's 业务明细 bill (the CSV inside the zip
 * alipay.data.dataservice.bill.downloadurl.query points to): comment lines starting with #, one
 * header line, one line per movement, amounts in yuan. The sandbox serves its own books so.
 */

/** The ledger's kinds of money movement: a buyer's payment into the hold, a refund, a release. */
export const MOVEMENT_KINDS = ["pay", "refund", "release"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export interface StatementEntry {
  kind: MovementKind;
  /** Xianzhi's number for the payment (商户订单号, out_trade_no). */
  paymentRef: string;
  /** The provider's number for this movement (its trade number, or the refund's request number). */
  providerRef: string;
  /** Fen, positive whatever the direction. */
  amountCents: number;
  /** When the provider made it. */
  at: string;
}

/** The bill's columns, as Alipay names them; those this reader uses are named below. */
export const BILL_COLUMNS = [
  "支付宝交易号",
  "商户订单号",
  "业务类型",
  "商品名称",
  "创建时间",
  "完成时间",
  "门店编号",
  "门店名称",
  "操作员",
  "终端号",
  "对方账户",
  "订单金额（元）",
  "商家实收（元）",
  "支付宝红包（元）",
  "集分宝（元）",
  "支付宝优惠（元）",
  "商家优惠（元）",
  "券核销金额（元）",
  "券名称",
  "商家红包消费金额（元）",
  "卡消费金额（元）",
  "退款批次号/请求号",
  "服务费（元）",
  "分润（元）",
  "备注",
] as const;

/** 业务类型 of each kind: Alipay's 交易 and 退款, and 分账 for a hold released to the seller. */
const TYPE_OF_KIND: Record<MovementKind, string> = { pay: "交易", refund: "退款", release: "分账" };
const KIND_OF_TYPE = new Map(Object.entries(TYPE_OF_KIND).map(([kind, type]) => [type, kind as MovementKind]));

/** Fen as the bill writes yuan: "88.00", "-88.00". */
const yuanOf = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** "88.00" or "-88.00" as fen, exactly; anything else is not an amount. */
function centsOf(yuan: string): number | null {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(yuan.trim());
  if (!match) return null;
  return Number(match[2]) * 100 + Number(match[3]);
}

/** Beijing time, as the bill writes it: 2026-11-28 09:15:02. */
function beijingTime(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600 * 1000).toISOString().slice(0, 19).replace("T", " ");
}

const isoOfBeijing = (text: string) => new Date(`${text.replace(" ", "T")}+08:00`).toISOString();

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const field = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The bill of `day` (YYYY-MM-DD, Beijing time) holding `entries`, with Alipay's comment lines around them. */
export function writeBill(day: string, account: string, entries: StatementEntry[]): string {
  const columnIndex = (name: (typeof BILL_COLUMNS)[number]) => BILL_COLUMNS.indexOf(name);
  const lines = entries.map((entry) => {
    const cells: string[] = BILL_COLUMNS.map(() => "");
    const signed = entry.kind === "pay" ? entry.amountCents : -entry.amountCents;
    cells[columnIndex("支付宝交易号")] = entry.providerRef;
    cells[columnIndex("商户订单号")] = entry.paymentRef;
    cells[columnIndex("业务类型")] = TYPE_OF_KIND[entry.kind];
    cells[columnIndex("创建时间")] = beijingTime(entry.at);
    cells[columnIndex("完成时间")] = beijingTime(entry.at);
    cells[columnIndex("订单金额（元）")] = yuanOf(signed);
    cells[columnIndex("商家实收（元）")] = yuanOf(signed);
    if (entry.kind !== "pay") cells[columnIndex("退款批次号/请求号")] = entry.providerRef;
    return cells.map(field).join(",");
  });
  return [
    "#支付宝业务明细查询",
    `#账号：[${account}]`,
    `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
    "#-----------------------------------------业务明细列表----------------------------------------",
    BILL_COLUMNS.join(","),
    ...lines,
    "#-----------------------------------------业务明细列表结束------------------------------------",
    `#交易合计：${entries.filter((entry) => entry.kind === "pay").length}笔`,
  ].join("\n");
}

/** Splits one CSV line into its fields, quotes undone. */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i] as string;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((value) => value.trim());
}

/** A bill that cannot be read as one: reconciliation stops rather than compare with half of it. */
export class UnreadableBill extends Error {}

/**
 * The movements of a bill in Alipay's 业务明细 layout: the header line names the columns, so their
 * order may differ; lines of a type that moves no held money (e.g. 其他) are left out.
 */
export function readBill(text: string): StatementEntry[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "" && !line.startsWith("#"));
  const [header, ...rows] = lines;
  if (!header) throw new UnreadableBill("the bill has no header line");
  const names = splitCsvLine(header);
  const at = (name: string) => {
    const index = names.indexOf(name);
    if (index < 0) throw new UnreadableBill(`the bill has no column ${name}`);
    return index;
  };
  const [tradeNo, ref, type, done, amount, requestNo] = [
    at("支付宝交易号"),
    at("商户订单号"),
    at("业务类型"),
    at("完成时间"),
    at("订单金额（元）"),
    at("退款批次号/请求号"),
  ];
  return rows.flatMap((line, index) => {
    const cells = splitCsvLine(line);
    const kind = KIND_OF_TYPE.get(cells[type] ?? "");
    if (!kind) return [];
    const cents = centsOf(cells[amount] ?? "");
    if (cents === null) throw new UnreadableBill(`line ${index + 1}: no amount in yuan: ${cells[amount]}`);
    return [
      {
        kind,
        paymentRef: cells[ref] ?? "",
        providerRef: (kind === "pay" ? cells[tradeNo] : cells[requestNo] || cells[tradeNo]) ?? "",
        amountCents: Math.abs(cents),
        at: isoOfBeijing(cells[done] ?? ""),
      },
    ];
  });
}

/** The first and last instant of a Beijing day, as the ISO strings the tables keep: [from, to). */
export function beijingDayWindow(day: string): { from: string; to: string } {
  const from = new Date(`${day}T00:00:00+08:00`);
  return { from: from.toISOString(), to: new Date(from.getTime() + 24 * 3600 * 1000).toISOString() };
}
