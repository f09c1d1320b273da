// The artwork uploader's state (spec section 4's checkout flow after payment): the order is made once from
// the payment session, its items and files come from the server (so a reload or a second tab loses
// nothing), and Order Complete attaches options once per item, then marks the order Print Ready.
import { useCallback, useEffect, useState } from "react";
import { ARTWORK_MESSAGES, isArtworkComplete } from "../../../domain/artwork";
import { EMPTY_BASKET } from "../../../domain/basket";
import { ORDER_STORAGE_KEYS } from "../../lib/account-api";
import { ApiResponseError, errorMessage } from "../../lib/api-client";
import { basketStore } from "../../lib/basket";
import { attachAttributes, createOrder, fetchGroup, fetchSession, markPrintReady, type OrderFile, type OrderGroup } from "../../lib/orders-api";
import { createSaveQueue } from "../../lib/save-queue";

type LoadState =
  | { kind: "loading" }
  | { kind: "ready"; group: OrderGroup }
  | { kind: "problem"; message: string; signIn?: boolean };

function readList(key: string): number[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((v) => typeof v === "number") : [];
  } catch {
    return [];
  }
}

function writeList(key: string, values: number[]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // storage blocked: the server keeps the truth anyway
  }
}

export function useOrderArtwork(params: { sessionId: string | null; orderGroupId: string | null; hydrated: boolean; loggedIn: boolean; keepBasket?: boolean }) {
  const { sessionId, orderGroupId, hydrated, loggedIn, keepBasket = false } = params;
  const [state, setState] = useState<LoadState>({ kind: "loading" });
  const [saves] = useState(createSaveQueue);

  useEffect(() => {
    if (!hydrated) return;
    if (!loggedIn) {
      setState({ kind: "problem", message: "Please log in to upload the artwork for your order.", signIn: true });
      return;
    }
    let cancelled = false;
    (async () => {
      let groupId = orderGroupId && /^\d+$/.test(orderGroupId) ? Number(orderGroupId) : null;
      if (groupId === null && sessionId) {
        // The order is made once from the session; asking again (a reload) answers the same order.
        const session = await fetchSession(sessionId);
        if (!session.client_reference_id) throw new Error("This payment has no order reference.");
        const created = await createOrder(session.client_reference_id, {
          status: "Awaiting Artwork",
          payment_status: session.payment_status,
          total_amount: session.amount_total === null ? null : session.amount_total / 100,
        });
        groupId = created.order_group_id;
        window.localStorage.setItem("orderGroupId", JSON.stringify(groupId));
        writeList("createdOrders", created.orders.map((o) => o.id));
        // What was in the basket is now a paid order: the basket starts afresh (unless this payment was one
        // the shop asked for, a reprint with new artwork, which never came from the basket).
        if (!keepBasket) basketStore.set(EMPTY_BASKET);
      }
      if (groupId === null) throw new ApiResponseError("Order Not Found", 404);
      const group = await fetchGroup(groupId);
      if (!cancelled) setState({ kind: "ready", group });
    })().catch((error: unknown) => {
      if (cancelled) return;
      const message =
        error instanceof ApiResponseError
          ? error.status === 404
            ? "Order Not Found"
            : error.status === 409
              ? "We have not received your payment yet. If you have just paid, reload this page in a moment."
              : error.message
          : "Network error. Please try again.";
      setState({ kind: "problem", message });
    });
    return () => {
      cancelled = true;
    };
  }, [hydrated, loggedIn, sessionId, orderGroupId, keepBasket]);

  /** Puts a changed file (or its removal) into the loaded order. */
  const replaceFile = useCallback((orderId: number, version: number, file: OrderFile | null) => {
    setState((current) => {
      if (current.kind !== "ready") return current;
      const products = current.group.products.map((product) => {
        if (product.order_id !== orderId) return product;
        const others = product.files.filter((f) => f.version_number !== version);
        return { ...product, files: file ? [...others, file].sort((a, b) => a.version_number - b.version_number) : others };
      });
      return { kind: "ready", group: { ...current.group, products } };
    });
  }, []);

  /** Order Complete: returns the message to alert, or null when the order is now Print Ready. */
  async function complete(): Promise<string | null> {
    if (state.kind !== "ready" || state.group.products.length === 0) return ARTWORK_MESSAGES.noItems;
    let { group } = state;
    // A tick or a quantity still on its way would reach the server after this: wait for every answer, then
    // judge the files as the server now holds them (a refused change is back as it was).
    if (await saves.settled()) {
      try {
        group = await fetchGroup(group.order_group_id);
      } catch (error) {
        return errorMessage(error);
      }
      setState({ kind: "ready", group });
    }
    // A designed item goes to print when its design is approved, not with Order Complete.
    const waiting = group.products.filter((p) => p.status === "Awaiting Artwork" && p.designs === 0);
    const valid = waiting.every((product) =>
      isArtworkComplete(
        { quantity: product.qty, versions: product.versions },
        product.files.map((f) => ({ versionNumber: f.version_number, quantity: f.qty, approved: f.approved })),
      ),
    );
    if (!valid) return ARTWORK_MESSAGES.incomplete;
    try {
      const attached = readList("attributesAttached");
      for (const product of group.products) {
        if (product.attributes_attached || attached.includes(product.order_id)) continue;
        await attachAttributes(
          product.order_id,
          product.attributes.map((a) => a.subattribute_id),
        );
        attached.push(product.order_id);
        writeList("attributesAttached", attached);
      }
      await markPrintReady(
        group.order_group_id,
        group.products.map((p) => ({ product_id: p.product_id, orientation: p.orientation })),
      );
    } catch (error) {
      return errorMessage(error);
    }
    for (const key of ORDER_STORAGE_KEYS) window.localStorage.removeItem(key);
    if (!keepBasket) basketStore.set(EMPTY_BASKET);
    return null;
  }

  return { state, replaceFile, complete, saves };
}
