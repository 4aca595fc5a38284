import type { SessionDevice } from "@xianzhi/contract";
import { errorText } from "../../app/api-error";
import { DesktopOutlined, MobileOutlined, TabletOutlined } from "../../components/icons";
import { Button, Popconfirm, Tag } from "../../components/kit";
import { message } from "../../components/toasts";
import styles from "./accounts.module.css";
import { SecuritySection } from "./security-section";
import { deviceLine, endedOthersText } from "./session-device-lines";
import {
  useEndOtherSessionDevicesMutation,
  useEndSessionDeviceMutation,
  useSessionDevicesQuery,
} from "./session-devices-api";

const ICONS: Record<SessionDevice["deviceType"], typeof MobileOutlined> = {
  phone: MobileOutlined,
  tablet: TabletOutlined,
  desktop: DesktopOutlined,
  unknown: DesktopOutlined,
};

function DeviceItem({ device }: { device: SessionDevice }) {
  const [endDevice, { isLoading }] = useEndSessionDeviceMutation();
  const line = deviceLine(device);
  const Icon = ICONS[device.deviceType];
  const end = async () => {
    const result = await endDevice(device.id);
    if ("error" in result) message.error(errorText(result.error));
    else message.success("该设备已退出登录");
  };
  return (
    <li className={styles.sessionDevicesItem}>
      <Icon className={styles.sessionDevicesIcon} />
      <div className={styles.sessionDevicesText}>
        <div className={styles.sessionDevicesTitle}>
          {line.title} {device.current && <Tag>本机</Tag>}
        </div>
        <div className={styles.sessionDevicesDetail}>{line.detail}</div>
        <div className={styles.sessionDevicesDetail}>{line.signedIn}</div>
      </div>
      {!device.current && (
        <Popconfirm title="让这台设备退出登录？" okText="确认下线" cancelText="取消" onConfirm={end}>
          <Button className={styles.sessionDevicesEnd} loading={isLoading} aria-label={line.endLabel}>
            强制下线
          </Button>
        </Popconfirm>
      )}
    </li>
  );
}

/**
 * 登录设备: every device signed in to the account, the one in hand first; any other can be signed
 * out, or all of them at once (someone else's phone, a lost laptop). A device signed out loses
 * its token and its open chat at once.
 */
export function SessionDevices() {
  const { data, isLoading, error } = useSessionDevicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionDevicesMutation();
  const others = data?.filter((device) => !device.current).length ?? 0;
  const endAllOthers = async () => {
    const result = await endOthers();
    if ("error" in result) message.error(errorText(result.error));
    else message.success(endedOthersText(result.data.ended));
  };
  return (
    <SecuritySection id="session-devices-title" title="登录设备" isLoading={isLoading} error={error}>
      {data && (
        <ul className={styles.sessionDevicesList} aria-label="登录设备">
          {data.map((device) => (
            <DeviceItem key={device.id} device={device} />
          ))}
        </ul>
      )}
      {others > 0 && (
        <Popconfirm
          title={`让其他 ${others} 台设备全部退出登录？`}
          okText="全部退出"
          cancelText="取消"
          onConfirm={endAllOthers}
        >
          <Button danger className={styles.sessionDevicesOthers} loading={endingOthers}>
            退出其他所有设备
          </Button>
        </Popconfirm>
      )}
    </SecuritySection>
  );
}
