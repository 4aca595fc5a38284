import { type ComponentType, lazy, type ReactNode, Suspense } from "react";

const loadScope = () => import("./antd-scope");

/**
 * A component built with Ant Design, loaded (with Ant Design's configuration around it) when first
 * rendered: the screens load Ant Design only for what uses it. Shows `fallback` meanwhile.
 */
export function withAntd<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> {
  const Loaded = lazy(async () => {
    const [{ default: AntdScope }, Component] = await Promise.all([loadScope(), load()]);
    return {
      default: (props: Props) => (
        <AntdScope>
          <Component {...props} />
        </AntdScope>
      ),
    };
  });
  return function WithAntd(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** Ant Design's configuration around a whole screen, loaded with it. */
export async function inAntdScope<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const [{ default: AntdScope }, Component] = await Promise.all([loadScope(), load()]);
  return function ScreenInAntdScope(props: Props) {
    return (
      <AntdScope>
        <Component {...props} />
      </AntdScope>
    );
  };
}
