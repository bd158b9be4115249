import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { consumers as consumerTable, handlerEntry, routeTable, schedules as scheduleTable, type ResourceName } from '@daftar/functions/routes';
import { allRouteKeys, gatewayRouteKeys, groupedRouteConflicts, type ApiRouteMode, type ConsumerDefinitions, type RouteTableDefinition, type ScheduleDefinitions } from './definitions.js';
import { Jobs } from './jobs.js';
import { Monitoring } from './monitoring.js';
import { functionsSourceDir } from './paths.js';
import { PlatformResources, pascal } from './platform-resources.js';
import { ResourceApi } from './resource-api.js';
import { WebHosting } from './web-hosting.js';

/** API Gateway's default "Routes per API" quota; raised per API on request (L-65B5C802). */
export const DEFAULT_API_ROUTE_QUOTA = 300;
export const DEFAULT_API_THROTTLE = { rateLimit: 200, burstLimit: 400 };

/** Context keys (cdk.json or `cdk -c key=value`). */
export const CONTEXT = {
  appUrl: 'daftar:appUrl',
  domainName: 'daftar:domainName',
  certificateArn: 'daftar:certificateArn',
  alarmEmail: 'daftar:alarmEmail',
  mailFrom: 'daftar:mailFrom',
  apiRouteQuota: 'daftar:apiRouteQuota',
  /** `per-route`, `grouped` or `auto` (default: per-route while it fits the quota, else grouped). */
  apiRouteMode: 'daftar:apiRouteMode',
  apiThrottleRate: 'daftar:apiThrottleRate',
  apiThrottleBurst: 'daftar:apiThrottleBurst',
} as const;

export interface DaftarStackProps extends StackProps {
  /** Defaults to functions/src/routes.ts's routeTable. */
  routeTable?: RouteTableDefinition;
  /** Defaults to functions/src/routes.ts's schedules. */
  schedules?: ScheduleDefinitions;
  /** Defaults to functions/src/routes.ts's consumers. */
  consumers?: ConsumerDefinitions;
  /** The built SPA (web/dist); left out, the web bucket is created empty. */
  webAssetsPath?: string;
}

/**
 * Daftar in one deployable unit: shared state (table, buckets, queues, signing key), one
 * nested stack per API resource, the scheduled and queue-driven jobs, CloudFront in front, and
 * alarms. Everything is derived from functions/src/routes.ts and platform/resources.ts.
 */
export class DaftarStack extends Stack {
  readonly platform: PlatformResources;
  readonly httpApi: apigwv2.HttpApi;
  readonly apiStage: apigwv2.HttpStage;
  readonly web: WebHosting;
  readonly resourceApis: Record<string, ResourceApi> = {};
  readonly jobs: Jobs;
  /** How the route table became API Gateway routes (definitions.ts). */
  readonly apiRouteMode: ApiRouteMode;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: DaftarStackProps = {}) {
    super(scope, id, { description: 'Daftar: accounting and back office for Jordanian businesses', ...props });
    const table = props.routeTable ?? routeTable;
    const schedules = props.schedules ?? scheduleTable;
    const consumers: ConsumerDefinitions = props.consumers ?? consumerTable;

    this.refuseUnbundleableEntries(table, schedules, consumers);
    const routeKeys = allRouteKeys(table);
    const duplicates = routeKeys.filter((key, i) => routeKeys.indexOf(key) !== i);
    if (duplicates.length) throw new Error(`Routes listed twice in the route table: ${[...new Set(duplicates)].join(', ')}`);

    const context = (key: string): string | undefined => {
      const value: unknown = this.node.tryGetContext(key);
      return value === undefined || value === null || value === '' ? undefined : String(value);
    };
    const numberContext = (key: string, fallback: number) => {
      const value = context(key);
      if (value === undefined) return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`Context ${key} must be a positive integer, got ${value}`);
      return parsed;
    };

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Daftar /api/v1',
      // CloudFront reaches the API on its execute-api domain.
      disableExecuteApiEndpoint: false,
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.apiStage = new apigwv2.HttpStage(this, 'ApiDefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: {
        rateLimit: numberContext(CONTEXT.apiThrottleRate, DEFAULT_API_THROTTLE.rateLimit),
        burstLimit: numberContext(CONTEXT.apiThrottleBurst, DEFAULT_API_THROTTLE.burstLimit),
      },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigw.AccessLogFormat.custom(JSON.stringify({
          requestId: '$context.requestId',
          time: '$context.requestTime',
          ip: '$context.identity.sourceIp',
          method: '$context.httpMethod',
          path: '$context.path',
          routeKey: '$context.routeKey',
          status: '$context.status',
          latencyMs: '$context.responseLatency',
          integrationLatencyMs: '$context.integrationLatency',
          integrationError: '$context.integrationErrorMessage',
          responseLength: '$context.responseLength',
          userAgent: '$context.identity.userAgent',
        })),
      },
    });

    const routeQuota = numberContext(CONTEXT.apiRouteQuota, DEFAULT_API_ROUTE_QUOTA);
    const requestedMode = context(CONTEXT.apiRouteMode) ?? 'auto';
    if (!['auto', 'per-route', 'grouped'].includes(requestedMode)) throw new Error(`Context ${CONTEXT.apiRouteMode} must be auto, per-route or grouped, got ${requestedMode}`);
    this.apiRouteMode = requestedMode === 'auto' ? (routeKeys.length <= routeQuota ? 'per-route' : 'grouped') : (requestedMode as ApiRouteMode);
    if (this.apiRouteMode === 'grouped') {
      const conflicts = groupedRouteConflicts(table);
      if (conflicts.length) throw new Error(`Grouped API routes claimed by two resources: ${conflicts.join(', ')}`);
    }
    const gatewayRouteCount = Object.values(table).reduce((n, definition) => n + gatewayRouteKeys(definition, this.apiRouteMode).length, 0);
    if (gatewayRouteCount > routeQuota) {
      Annotations.of(this.httpApi).addError(
        `The route table needs ${gatewayRouteCount} API Gateway routes (${this.apiRouteMode}); the HTTP API may hold ${routeQuota} (${CONTEXT.apiRouteQuota}). ` +
        `Use ${CONTEXT.apiRouteMode}=grouped, or ask AWS to raise "Routes per API" (Service Quotas L-65B5C802) and set the context value. See docs/infrastructure.md.`,
      );
    }

    const domainName = context(CONTEXT.domainName);
    const certificateArn = context(CONTEXT.certificateArn);
    if (Boolean(domainName) !== Boolean(certificateArn)) throw new Error(`${CONTEXT.domainName} and ${CONTEXT.certificateArn} go together`);
    this.web = new WebHosting(this, 'Web', {
      httpApi: this.httpApi,
      webAssetsPath: props.webAssetsPath,
      customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    });
    const appUrl = (context(CONTEXT.appUrl) ?? this.web.appOrigin).replace(/\/$/, '');

    this.platform = new PlatformResources(this, 'Platform', { browserOrigins: [appUrl] });
    const mailFrom = context(CONTEXT.mailFrom);
    const environment: Record<string, string> = {
      ...this.platform.environment(),
      APP_URL: appUrl,
      ...(mailFrom ? { MAIL_FROM: mailFrom } : {}),
    };

    for (const [resource, definition] of Object.entries(table)) {
      this.resourceApis[resource] = new ResourceApi(this, `${pascal(resource)}Api`, {
        resource,
        definition,
        routeKeys: gatewayRouteKeys(definition, this.apiRouteMode),
        httpApi: this.httpApi,
        platform: this.platform,
        environment,
      });
    }

    this.jobs = new Jobs(this, 'Jobs', { schedules, consumers, platform: this.platform, environment });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      httpApi: this.httpApi,
      deadLetterQueues: this.platform.deadLetterQueues,
      scheduledFunctions: Object.fromEntries(Object.entries(this.jobs.scheduled).map(([name, job]) => [name, job.fn])),
      alarmEmail: context(CONTEXT.alarmEmail),
    });

    new CfnOutput(this, 'AppUrl', { value: appUrl, description: 'The web app; its /api/v1 is the public API' });
    new CfnOutput(this, 'ApiUrl', { value: this.apiStage.url, description: 'The HTTP API (execute-api); clients use AppUrl/api/v1' });
    new CfnOutput(this, 'DistributionDomainName', { value: this.web.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'TableName', { value: this.platform.table.tableName });
    new CfnOutput(this, 'WebBucketName', { value: this.web.bucket.bucketName });
  }

  /**
   * A deployable assembly needs every handler; a synthesis that skips bundling (assertion
   * tests) does not, so handlers still being written do not block it.
   */
  private refuseUnbundleableEntries(table: RouteTableDefinition, schedules: ScheduleDefinitions, consumers: ConsumerDefinitions) {
    if (!this.bundlingRequired) return;
    const entries = [
      ...Object.keys(table).map((resource) => handlerEntry(resource as ResourceName)),
      ...Object.values(schedules).map((s) => s.entry),
      ...Object.values(consumers).map((c) => c.entry),
    ];
    const missing = entries.filter((entry) => !existsSync(join(functionsSourceDir, entry)));
    if (missing.length) {
      throw new Error(`Cannot bundle ${this.stackName}: functions/src has no ${missing.join(', ')} (named in functions/src/routes.ts)`);
    }
  }
}

