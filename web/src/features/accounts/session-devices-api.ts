import type { EndedSessions, SessionDeviceList } from "@xianzhi/contract";
import { api } from "../../app/api";

/**
 * 登录设备: the caller's sessions. Ending one takes it off the list at once and puts it back if the
 * server refuses; ending the others leaves only the device in hand. Either way the list is read
 * again afterwards, as the server has it.
 */
export const sessionDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessionDevices: build.query<SessionDeviceList, void>({
      query: () => "/user/sessions",
      providesTags: ["Sessions"],
    }),
    endSessionDevice: build.mutation<null, string>({
      query: (id) => ({ url: `/user/sessions/${id}`, method: "DELETE" }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          sessionDevicesApi.util.updateQueryData("sessionDevices", undefined, (devices) =>
            devices.filter((device) => device.id !== id),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ["Sessions"],
    }),
    endOtherSessionDevices: build.mutation<EndedSessions, void>({
      query: () => ({ url: "/user/sessions/end-others", method: "POST" }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          sessionDevicesApi.util.updateQueryData("sessionDevices", undefined, (devices) =>
            devices.filter((device) => device.current),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ["Sessions"],
    }),
  }),
});

export const { useSessionDevicesQuery, useEndSessionDeviceMutation, useEndOtherSessionDevicesMutation } =
  sessionDevicesApi;
