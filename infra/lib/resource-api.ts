import { Duration, NestedStack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { handlerEntry, type ResourceName } from '@daftar/functions/routes';
import { DaftarFunction } from './daftar-function.js';
import type { ResourceDefinition } from './definitions.js';
import type { PlatformResources } from './platform-resources.js';

/** API Gateway gives up at 30 s; the function stops first so the caller gets its error. */
export const API_FUNCTION_TIMEOUT = Duration.seconds(29);

export interface ResourceApiProps {
  resource: string;
  definition: ResourceDefinition;
  /** The API Gateway route keys serving the definition (`gatewayRouteKeys`). */
  routeKeys: readonly string[];
  httpApi: apigwv2.IHttpApi;
  platform: PlatformResources;
  environment: Record<string, string>;
}

/**
 * One /api/v1 resource: its Lambda and its HTTP API routes (one per route-table entry, or grouped
 * by path prefix: definitions.ts). A nested stack
 * each, because the whole API (≈425 routes, ≈40 functions with roles, policies, log groups and
 * integrations) would not fit CloudFormation's 500 resources per stack.
 */
export class ResourceApi extends NestedStack {
  readonly handler: DaftarFunction;
  readonly routes: apigwv2.HttpRoute[] = [];

  constructor(scope: Construct, id: string, props: ResourceApiProps) {
    super(scope, id, { description: `Daftar /api/v1 ${props.resource}: ${props.definition.description}` });

    this.handler = new DaftarFunction(this, 'Handler', {
      entry: handlerEntry(props.resource as ResourceName),
      description: `Daftar API: ${props.definition.description}`,
      environment: props.environment,
      timeout: API_FUNCTION_TIMEOUT,
      assets: props.definition.assets,
    });
    props.platform.grantTo(this.handler);

    // One resource-policy statement for the whole API instead of one per route: a resource
    // with 40 routes would otherwise approach Lambda's 20 KB policy limit.
    const integration = new HttpLambdaIntegration('Integration', this.handler, {
      payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
      scopePermissionToRoute: false,
    });
    for (const key of props.routeKeys) {
      const [method, path] = key.split(' ') as [keyof typeof apigwv2.HttpMethod, string];
      this.routes.push(new apigwv2.HttpRoute(this, key, {
        httpApi: props.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(path, apigwv2.HttpMethod[method]),
        integration,
      }));
    }
  }
}
