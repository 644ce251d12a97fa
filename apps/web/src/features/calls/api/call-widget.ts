// The conference widget calls embed (spec 02 §4.4): where it is comes from the gateway's configuration
// (`GET /api/call-widget`, contracts CallWidgetConfigSchema), and its iframe API script is loaded once per tab
// (the gateway's CSP allows exactly that script).
import { useQuery } from '@tanstack/react-query';
import {
  CALL_WIDGET_CONFIG_PATH,
  CALL_WIDGET_GLOBAL,
  CallWidgetConfigSchema,
  type CallWidget,
  type CallWidgetConstructor,
} from '@showfloor/contracts';
import { env } from '../../../config/env.ts';

/** The widget's constructor as the app uses it (DOM element and iframe types). */
export type WidgetConstructor = CallWidgetConstructor<HTMLElement, HTMLIFrameElement>;

/** The configured widget, or null when the gateway has none. */
export function useCallWidgetConfig() {
  return useQuery({
    queryKey: ['call-widget-config'],
    queryFn: async (): Promise<CallWidget | null> => {
      const answer = await fetch(`${env.gatewayUrl}${CALL_WIDGET_CONFIG_PATH}`, {
        credentials: 'same-origin',
      });
      if (!answer.ok) throw new Error(`${answer.status} ${answer.statusText}`.trim());
      return CallWidgetConfigSchema.parse(await answer.json()).widget;
    },
    staleTime: Infinity,
  });
}

const scripts = new Map<string, Promise<WidgetConstructor>>();

function widgetGlobal(): WidgetConstructor | undefined {
  return (window as unknown as Record<string, WidgetConstructor | undefined>)[CALL_WIDGET_GLOBAL];
}

/** Loads the widget's iframe API script once and answers its constructor (a failed load is tried again next time). */
export function loadCallWidget(scriptUrl: string): Promise<WidgetConstructor> {
  let loading = scripts.get(scriptUrl);
  if (!loading) {
    loading = new Promise<WidgetConstructor>((resolve, reject) => {
      const ready = widgetGlobal();
      if (ready) {
        resolve(ready);
        return;
      }
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => {
        const loaded = widgetGlobal();
        if (loaded) resolve(loaded);
        else reject(new Error(`${scriptUrl} did not define ${CALL_WIDGET_GLOBAL}`));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error(`could not load ${scriptUrl}`));
      };
      document.head.appendChild(script);
    });
    loading.catch(() => scripts.delete(scriptUrl));
    scripts.set(scriptUrl, loading);
  }
  return loading;
}
