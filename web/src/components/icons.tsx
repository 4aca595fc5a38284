import ArrowLeftOutlinedSvg from "@ant-design/icons-svg/es/asn/ArrowLeftOutlined";
import BellOutlinedSvg from "@ant-design/icons-svg/es/asn/BellOutlined";
import CameraOutlinedSvg from "@ant-design/icons-svg/es/asn/CameraOutlined";
import CloseOutlinedSvg from "@ant-design/icons-svg/es/asn/CloseOutlined";
import DeleteOutlinedSvg from "@ant-design/icons-svg/es/asn/DeleteOutlined";
import DesktopOutlinedSvg from "@ant-design/icons-svg/es/asn/DesktopOutlined";
import EditOutlinedSvg from "@ant-design/icons-svg/es/asn/EditOutlined";
import EllipsisOutlinedSvg from "@ant-design/icons-svg/es/asn/EllipsisOutlined";
import EnvironmentOutlinedSvg from "@ant-design/icons-svg/es/asn/EnvironmentOutlined";
import ExclamationCircleOutlinedSvg from "@ant-design/icons-svg/es/asn/ExclamationCircleOutlined";
import EyeInvisibleOutlinedSvg from "@ant-design/icons-svg/es/asn/EyeInvisibleOutlined";
import EyeOutlinedSvg from "@ant-design/icons-svg/es/asn/EyeOutlined";
import FallOutlinedSvg from "@ant-design/icons-svg/es/asn/FallOutlined";
import FilterOutlinedSvg from "@ant-design/icons-svg/es/asn/FilterOutlined";
import HeartFilledSvg from "@ant-design/icons-svg/es/asn/HeartFilled";
import HeartOutlinedSvg from "@ant-design/icons-svg/es/asn/HeartOutlined";
import HomeOutlinedSvg from "@ant-design/icons-svg/es/asn/HomeOutlined";
import KeyOutlinedSvg from "@ant-design/icons-svg/es/asn/KeyOutlined";
import LoadingOutlinedSvg from "@ant-design/icons-svg/es/asn/LoadingOutlined";
import LogoutOutlinedSvg from "@ant-design/icons-svg/es/asn/LogoutOutlined";
import MessageOutlinedSvg from "@ant-design/icons-svg/es/asn/MessageOutlined";
import MobileOutlinedSvg from "@ant-design/icons-svg/es/asn/MobileOutlined";
import PictureOutlinedSvg from "@ant-design/icons-svg/es/asn/PictureOutlined";
import PlusCircleOutlinedSvg from "@ant-design/icons-svg/es/asn/PlusCircleOutlined";
import PlusOutlinedSvg from "@ant-design/icons-svg/es/asn/PlusOutlined";
import ReloadOutlinedSvg from "@ant-design/icons-svg/es/asn/ReloadOutlined";
import RightOutlinedSvg from "@ant-design/icons-svg/es/asn/RightOutlined";
import SearchOutlinedSvg from "@ant-design/icons-svg/es/asn/SearchOutlined";
import SettingOutlinedSvg from "@ant-design/icons-svg/es/asn/SettingOutlined";
import ShoppingOutlinedSvg from "@ant-design/icons-svg/es/asn/ShoppingOutlined";
import TabletOutlinedSvg from "@ant-design/icons-svg/es/asn/TabletOutlined";
import UploadOutlinedSvg from "@ant-design/icons-svg/es/asn/UploadOutlined";
import UserOutlinedSvg from "@ant-design/icons-svg/es/asn/UserOutlined";
import type { AbstractNode, IconDefinition } from "@ant-design/icons-svg/lib/types";
import { createElement, type HTMLAttributes, type ReactElement } from "react";

/** The SVG of an icon definition, as Ant Design's icons draw it. */
function svgOf(node: AbstractNode, key: string, rootProps?: Record<string, string>): ReactElement {
  const attrs = Object.fromEntries(
    Object.entries(node.attrs).map(([name, value]) => [
      name === "class" ? "className" : name.replace(/-(.)/g, (_dash, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
  return createElement(
    node.tag,
    { key, ...attrs, ...rootProps },
    node.children?.map((child, index) => svgOf(child, `${key}-${node.tag}-${index}`)),
  );
}

type IconProps = Omit<HTMLAttributes<HTMLSpanElement>, "children">;

/**
 * An icon drawn as Ant Design's are (the same markup and styles), from the same SVG definitions,
 * without their run-time work: the icon components register their stylesheet through Ant Design's
 * CSS-in-JS and read its context, which kept that machinery in every screen's first load.
 */
function plainIcon(definition: IconDefinition) {
  const svg = svgOf(definition.icon as AbstractNode, `svg-${definition.name}`, {
    "data-icon": definition.name,
    width: "1em",
    height: "1em",
    fill: "currentColor",
    "aria-hidden": "true",
  });
  return function PlainIcon({ className, ...rest }: IconProps) {
    return (
      <span
        role="img"
        aria-label={definition.name}
        {...rest}
        className={`anticon anticon-${definition.name}${definition.name === "loading" ? " anticon-spin" : ""}${className ? ` ${className}` : ""}`}
      >
        {svg}
      </span>
    );
  };
}

export const ArrowLeftOutlined = plainIcon(ArrowLeftOutlinedSvg);
export const BellOutlined = plainIcon(BellOutlinedSvg);
export const CameraOutlined = plainIcon(CameraOutlinedSvg);
export const CloseOutlined = plainIcon(CloseOutlinedSvg);
export const DeleteOutlined = plainIcon(DeleteOutlinedSvg);
export const DesktopOutlined = plainIcon(DesktopOutlinedSvg);
export const EditOutlined = plainIcon(EditOutlinedSvg);
export const EllipsisOutlined = plainIcon(EllipsisOutlinedSvg);
export const EnvironmentOutlined = plainIcon(EnvironmentOutlinedSvg);
export const ExclamationCircleOutlined = plainIcon(ExclamationCircleOutlinedSvg);
export const EyeInvisibleOutlined = plainIcon(EyeInvisibleOutlinedSvg);
export const EyeOutlined = plainIcon(EyeOutlinedSvg);
export const FallOutlined = plainIcon(FallOutlinedSvg);
export const FilterOutlined = plainIcon(FilterOutlinedSvg);
export const HeartFilled = plainIcon(HeartFilledSvg);
export const HeartOutlined = plainIcon(HeartOutlinedSvg);
export const HomeOutlined = plainIcon(HomeOutlinedSvg);
export const KeyOutlined = plainIcon(KeyOutlinedSvg);
export const LoadingOutlined = plainIcon(LoadingOutlinedSvg);
export const LogoutOutlined = plainIcon(LogoutOutlinedSvg);
export const MessageOutlined = plainIcon(MessageOutlinedSvg);
export const MobileOutlined = plainIcon(MobileOutlinedSvg);
export const PictureOutlined = plainIcon(PictureOutlinedSvg);
export const PlusCircleOutlined = plainIcon(PlusCircleOutlinedSvg);
export const PlusOutlined = plainIcon(PlusOutlinedSvg);
export const ReloadOutlined = plainIcon(ReloadOutlinedSvg);
export const RightOutlined = plainIcon(RightOutlinedSvg);
export const SearchOutlined = plainIcon(SearchOutlinedSvg);
export const SettingOutlined = plainIcon(SettingOutlinedSvg);
export const ShoppingOutlined = plainIcon(ShoppingOutlinedSvg);
export const TabletOutlined = plainIcon(TabletOutlinedSvg);
export const UploadOutlined = plainIcon(UploadOutlinedSvg);
export const UserOutlined = plainIcon(UserOutlinedSvg);
