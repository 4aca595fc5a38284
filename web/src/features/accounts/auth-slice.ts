import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { UserInfo } from "@xianzhi/contract";

export interface AuthState {
  token: string;
  userInfo: Partial<UserInfo>;
}

const initialState: AuthState = { token: "", userInfo: {} };

export const authSlice = createSlice({
  name: "auth",
  initialState,
  reducers: {
    setToken(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    setUserInfo(state, action: PayloadAction<Partial<UserInfo>>) {
      state.userInfo = action.payload;
    },
  },
});

export const { setToken, setUserInfo } = authSlice.actions;
