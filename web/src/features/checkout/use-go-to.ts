import { useCallback } from "react";
import { useNavigate } from "react-router";
import { destinationOf } from "./checkout-rules";

/** Goes to a payment's address: the router for the app's own pages, the browser for another site's. */
export function useGoTo(): (url: string) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const destination = destinationOf(url, window.location.origin);
      if (!destination) return false;
      if ("path" in destination) navigate(destination.path);
      else window.location.assign(destination.external);
      return true;
    },
    [navigate],
  );
}
