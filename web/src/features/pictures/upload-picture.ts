import type { UploadedFile } from "@xianzhi/contract";
import { api } from "../../app/api";
import { useAppDispatch } from "../../app/hooks";

interface PictureUpload {
  file: File;
  onProgress: (percent: number) => void;
}

/** The upload goes through the app's one base query: same token, envelope, errors and 401 as every call. */
const picturesApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadPicture: build.mutation<UploadedFile, PictureUpload>({
      query: ({ file, onProgress }) => {
        const body = new FormData();
        body.append("file", file);
        return { url: "/com/upload", body, onUploadProgress: onProgress };
      },
    }),
  }),
});

/**
 * Uploads one picture, reporting progress: `const uploadPicture = useUploadPicture()`, then
 * `uploadPicture(file, onProgress)` resolves with the stored file or rejects with an ApiError.
 */
export function useUploadPicture(): (file: File, onProgress?: (percent: number) => void) => Promise<UploadedFile> {
  const dispatch = useAppDispatch();
  return (file, onProgress = () => {}) =>
    // Not tracked in the store: a File and a callback are no state, and each caller shows its own progress.
    dispatch(picturesApi.endpoints.uploadPicture.initiate({ file, onProgress }, { track: false })).unwrap();
}
