import type { Address, AddressBody } from "@xianzhi/contract";
import { api } from "../../app/api";

/** The address book (收货地址): kept in the personal centre, picked from at checkout. */
export const addressesApi = api.enhanceEndpoints({ addTagTypes: ["Addresses"] }).injectEndpoints({
  endpoints: (build) => ({
    addresses: build.query<Address[], void>({
      query: () => "/addresses",
      providesTags: ["Addresses"],
    }),
    addAddress: build.mutation<Address, AddressBody>({
      query: (body) => ({ url: "/addresses", method: "POST", body }),
      invalidatesTags: ["Addresses"],
    }),
    editAddress: build.mutation<Address, { id: string; body: AddressBody }>({
      query: ({ id, body }) => ({ url: `/addresses/${id}`, method: "PUT", body }),
      invalidatesTags: ["Addresses"],
    }),
    deleteAddress: build.mutation<unknown, string>({
      query: (id) => ({ url: `/addresses/${id}`, method: "DELETE" }),
      invalidatesTags: ["Addresses"],
    }),
  }),
});

export const { useAddressesQuery, useAddAddressMutation, useEditAddressMutation, useDeleteAddressMutation } =
  addressesApi;
