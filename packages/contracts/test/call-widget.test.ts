import { describe, expect, it } from 'vitest';
import { CallWidgetConfigSchema } from '../src/call-widget/index.ts';

describe('CallWidgetConfigSchema', () => {
  it('takes a widget of http(s) URLs, or none', () => {
    const widget = {
      script_url: 'https://meet.example/external_api.js',
      url: 'http://127.0.0.1:4010/call-widget',
    };
    expect(CallWidgetConfigSchema.parse({ widget })).toEqual({ widget });
    expect(CallWidgetConfigSchema.parse({ widget: null })).toEqual({ widget: null });
  });

  it("refuses other schemes with the contracts' URL rule (HttpUrlSchema)", () => {
    const answer = CallWidgetConfigSchema.safeParse({
      widget: { script_url: 'javascript:alert(1)', url: 'ftp://meet.example' },
    });
    expect(answer.success).toBe(false);
    expect(answer.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['widget.script_url', 'Expected an http or https URL'],
      ['widget.url', 'Expected an http or https URL'],
    ]);
  });
});
