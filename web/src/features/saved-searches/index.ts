/** What the search page uses of saved searches: 保存搜索, light (no Ant Design), as that page is drawn without it. */
export { SaveSearchButton } from "./save-search-button";
