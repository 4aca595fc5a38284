/*
 * The one place the app meets Ant Design: features and screens take its components from here
 * (scripts/check-imports.mjs refuses an import of antd or @ant-design/* anywhere else but
 * components/), so a change of kit, a default every use should share, or a component of our own in
 * place of one of Ant Design's is made once. Icons come from ./icons.tsx, drawn without Ant Design's
 * run-time. A screen drawn on the server or first shown without Ant Design uses ./plain-controls.tsx.
 * Ant Design is loaded with the component using it (./with-antd.tsx): these are re-exports, which the
 * bundler follows to each component's own module.
 */
export type { FormInstance, InputProps, InputRef } from "antd";
export {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  List,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  QRCode,
  Radio,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Tabs,
  Tag,
  Upload,
} from "antd";
