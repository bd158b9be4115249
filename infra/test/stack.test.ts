import type { CfnElement } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '@daftar/functions/db/table';
import { buckets, queues } from '@daftar/functions/platform/resources';
import { consumers, routeTable, schedules } from '@daftar/functions/routes';
import { CONTEXT } from '../lib/daftar-stack.js';
import { gatewayRouteKeys, routePrefix } from '../lib/definitions.js';
import { contentSecurityPolicy } from '../lib/web-hosting.js';
import { removeSynthesizedOutputs, resourcesOf, synthesize } from './synthesize.js';

afterAll(removeSynthesizedOutputs);

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

// One synthesis of the real route table, shared by the read-only assertions below.
const { stack, template, resourceTemplates } = synthesize();
const nested = Object.values(resourceTemplates);
const resourceNames = Object.keys(routeTable);
const tableRouteKeys = Object.values(routeTable).flatMap((r) => [...r.routes]);

describe('DynamoDB single table', () => {
  it('has the keys, indexes and TTL of tableDefinition, billed on demand', () => {
    const tables = template.findResources('AWS::DynamoDB::GlobalTable');
    expect(Object.keys(tables)).toHaveLength(1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
  });

  it('is protected: point-in-time recovery, deletion protection, retained with the stack gone', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        Replicas: [Match.objectLike({
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        })],
      }),
    });
  });
});

describe('S3 buckets', () => {
  const bucketResources = Object.values(template.findResources('AWS::S3::Bucket')) as { Properties: Record<string, any>; DeletionPolicy?: string }[];

  it('creates the data buckets of resources.ts plus the web bucket, all private, encrypted and retained', () => {
    expect(bucketResources).toHaveLength(Object.keys(buckets).length + 1);
    for (const bucket of bucketResources) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
  });

  it('refuses plain HTTP on every bucket', () => {
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy')) as { Properties: { PolicyDocument: { Statement: any[] } } }[];
    expect(policies).toHaveLength(bucketResources.length);
    for (const policy of policies) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(expect.objectContaining({
        Effect: 'Deny',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }));
    }
  });

  it('lets the app origin PUT and GET uploads with presigned URLs, and only GET exports', () => {
    const corsRules = bucketResources.filter((b) => b.Properties.CorsConfiguration).map((b) => b.Properties.CorsConfiguration.CorsRules[0]);
    expect(corsRules.map((rule) => [...rule.AllowedMethods].sort())).toEqual(expect.arrayContaining([
      ['GET', 'HEAD', 'PUT'],
      ['GET', 'HEAD'],
    ]));
    for (const rule of corsRules) {
      expect(rule.AllowedOrigins).toEqual([{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }]] }]);
    }
  });

  it('expires exports after expireDays', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([{ Id: 'expire', Status: 'Enabled', ExpirationInDays: buckets.exports.expireDays }]) },
    });
  });

  it('passes each bucket name to the functions in its env variable', () => {
    const [, fn] = resourcesOf(nested, 'AWS::Lambda::Function')[0]!;
    for (const definition of Object.values(buckets)) {
      expect(fn.Properties.Environment.Variables[definition.env]).toEqual({ Ref: expect.stringMatching(/^referenceto.*Bucket/) });
    }
  });
});

describe('SQS queues', () => {
  it('gives every queue of resources.ts its visibility timeout and a dead-letter queue with maxReceiveCount', () => {
    const all = template.findResources('AWS::SQS::Queue') as Record<string, { Properties: Record<string, any> }>;
    const work = Object.entries(all).filter(([, q]) => q.Properties.RedrivePolicy);
    expect(work).toHaveLength(Object.keys(queues).length);
    expect(Object.keys(all)).toHaveLength(Object.keys(queues).length * 2);
    for (const definition of Object.values(queues)) {
      const match = work.find(([, q]) => q.Properties.VisibilityTimeout === definition.visibilityTimeoutSeconds && q.Properties.RedrivePolicy.maxReceiveCount === definition.maxReceiveCount);
      expect(match, definition.localName).toBeDefined();
      const deadLetterId = match![1].Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
      expect(all[deadLetterId]?.Properties.RedrivePolicy).toBeUndefined();
      expect(all[deadLetterId]?.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    }
  });

  it('alarms when any dead-letter queue holds a message', () => {
    const deadLetterIds = Object.entries(template.findResources('AWS::SQS::Queue'))
      .filter(([, q]) => !(q as { Properties: Record<string, unknown> }).Properties.RedrivePolicy).map(([id]) => id);
    for (const id of deadLetterIds) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [id, 'QueueName'] } }],
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        AlarmActions: [{ Ref: Match.stringLikeRegexp('AlarmTopic') }],
      });
    }
  });
});

describe('Lambda functions', () => {
  const apiFunctions = resourcesOf(nested, 'AWS::Lambda::Function');
  const parentFunctions = resourcesOf([template], 'AWS::Lambda::Function');

  it('has exactly one function per route-table resource, in its own nested stack', () => {
    expect(Object.keys(resourceTemplates).sort()).toEqual([...resourceNames].sort());
    for (const name of resourceNames) {
      expect(Object.keys(resourceTemplates[name]!.findResources('AWS::Lambda::Function')), name).toHaveLength(1);
    }
  });

  it('has one function per schedule and per consumer in the parent stack and nothing else', () => {
    expect(parentFunctions).toHaveLength(Object.keys(schedules).length + Object.keys(consumers).length);
  });

  it('runs every function on nodejs22.x and arm64 with source maps enabled', () => {
    for (const [, fn] of [...apiFunctions, ...parentFunctions]) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.Handler).toBe('index.handler');
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
    }
  });

  it('gives API functions 1024 MB and 29 s, under API Gateway\'s 30 s', () => {
    for (const [, fn] of apiFunctions) {
      expect(fn.Properties.MemorySize).toBe(1024);
      expect(fn.Properties.Timeout).toBe(29);
    }
  });

  it('sets every variable platform/config.ts reads', () => {
    const expected = ['TABLE_NAME', 'JWT_SECRET_ID', 'APP_URL', ...Object.values(buckets).map((b) => b.env), ...Object.values(queues).map((q) => q.env)];
    for (const [, fn] of [...apiFunctions, ...parentFunctions]) {
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(expected));
    }
    const [, apiFunction] = apiFunctions[0]!;
    expect(apiFunction.Properties.Environment.Variables.APP_URL).toEqual({ 'Fn::Join': ['', ['https://', { Ref: expect.stringMatching(/^referenceto.*Distribution.*DomainName$/) }]] });
  });

  it('grants each API function the table (without Scan), the buckets, sending to the queues, the secret and SES', () => {
    for (const name of resourceNames) {
      const statements = (Object.values(resourceTemplates[name]!.findResources('AWS::IAM::Policy'))[0] as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } })
        .Properties.PolicyDocument.Statement;
      const actions = statements.flatMap((s) => [s.Action].flat());
      expect(actions, name).toEqual(expect.arrayContaining([
        'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem',
        's3:GetObject*', 's3:PutObject', 'sqs:SendMessage',
        'secretsmanager:GetSecretValue', 'ses:SendEmail',
      ]));
      expect(actions, name).not.toContain('dynamodb:Scan');
      expect(actions, name).not.toContain('sqs:ReceiveMessage');
      expect(actions.some((a) => a === '*' || a.endsWith(':*')), name).toBe(false);
    }
  });

  it('grants Scan to scheduled jobs, which may sweep the table', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: Match.arrayWith(['dynamodb:Scan']) })]) },
    });
  });
});

describe('secrets', () => {
  it('are generated Secrets Manager secrets whose ARNs every function receives (JWT key, e-invoicing master key)', () => {
    const secrets = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(2);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
    for (const [, fn] of resourcesOf(nested, 'AWS::Lambda::Function')) {
      expect(fn.Properties.Environment.Variables.JWT_SECRET_ID).toEqual({ Ref: expect.stringMatching(/JwtSigningKey/) });
      expect(fn.Properties.Environment.Variables.EINVOICING_KEY_SECRET_ID).toEqual({ Ref: expect.stringMatching(/EinvoicingKey/) });
    }
  });
});

describe('HTTP API', () => {
  // One API Gateway route per table route: what an account whose route quota was raised gets.
  const perRoute = synthesize({}, { context: { [CONTEXT.apiRouteQuota]: tableRouteKeys.length, [CONTEXT.apiRouteMode]: 'per-route' } });
  const routes = resourcesOf(Object.values(perRoute.resourceTemplates), 'AWS::ApiGatewayV2::Route');

  it('has one route per route-table entry, and no other', () => {
    const keys = routes.map(([, r]) => r.Properties.RouteKey as string);
    expect(perRoute.stack.apiRouteMode).toBe('per-route');
    expect(keys.sort()).toEqual([...tableRouteKeys].sort());
    expect(Object.keys(perRoute.template.findResources('AWS::ApiGatewayV2::Route'))).toHaveLength(0);
  });

  it('sends each resource\'s routes to that resource\'s function through one integration', () => {
    for (const name of resourceNames) {
      const nestedTemplate = perRoute.resourceTemplates[name]!;
      const integrations = nestedTemplate.findResources('AWS::ApiGatewayV2::Integration');
      expect(Object.keys(integrations), name).toHaveLength(1);
      const [integrationId, integration] = Object.entries(integrations)[0]! as [string, { Properties: Record<string, any> }];
      const [functionId] = Object.keys(nestedTemplate.findResources('AWS::Lambda::Function'));
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0', IntegrationUri: { 'Fn::GetAtt': [functionId, 'Arn'] } });
      const ownRoutes = Object.values(nestedTemplate.findResources('AWS::ApiGatewayV2::Route')) as { Properties: Record<string, any> }[];
      expect(ownRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual([...routeTable[name as keyof typeof routeTable].routes].sort());
      for (const route of ownRoutes) expect(route.Properties.Target).toEqual({ 'Fn::Join': ['', ['integrations/', { Ref: integrationId }]] });
      // One invoke permission for the API, not one per route (Lambda policies cap at 20 KB).
      expect(Object.keys(nestedTemplate.findResources('AWS::Lambda::Permission')), name).toHaveLength(1);
    }
  });

  it('throttles the auto-deployed $default stage and writes access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
    });
  });

  it('alarms on any 5xx', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [{ Ref: Match.stringLikeRegexp('AlarmTopic') }],
    });
  });

  it('fails synthesis when per-route routes exceed the route quota, before a deployment would', () => {
    expect(() => synthesize({}, { context: { [CONTEXT.apiRouteQuota]: tableRouteKeys.length - 1, [CONTEXT.apiRouteMode]: 'per-route' } }))
      .toThrow(`The route table needs ${tableRouteKeys.length} API Gateway routes (per-route); the HTTP API may hold ${tableRouteKeys.length - 1}`);
    Annotations.fromStack(stack).hasNoError('*', Match.anyValue());
  });
});

describe('HTTP API with grouped routes', () => {
  // What `auto` chooses once the table outgrows the quota: the default synthesis, now that the
  // table holds more routes than the default quota of 300.
  const grouped = { stack, resourceTemplates };

  it('is what auto picks for this route table under the default quota', () => {
    expect(tableRouteKeys.length).toBeGreaterThan(300);
    expect(stack.apiRouteMode).toBe('grouped');
  });
  const groupedRoutes = resourcesOf(Object.values(grouped.resourceTemplates), 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey as string);

  it('switches to one ANY route per path prefix and resource, well under the quota', () => {
    expect(grouped.stack.apiRouteMode).toBe('grouped');
    expect(groupedRoutes.every((key) => key.startsWith('ANY /api/v1/'))).toBe(true);
    expect(new Set(groupedRoutes).size).toBe(groupedRoutes.length);
    expect(groupedRoutes.length).toBeLessThan(tableRouteKeys.length / 2);
    Annotations.fromStack(grouped.stack).hasNoError('*', Match.anyValue());
  });

  it('sends every table route to its own resource\'s function, as API Gateway picks the most specific route', () => {
    const owner = new Map<string, string>();
    for (const name of resourceNames) for (const key of gatewayRouteKeys(routeTable[name as keyof typeof routeTable], 'grouped')) owner.set(key.slice(4), name);
    const gatewayPaths = [...owner.keys()];
    // API Gateway: an exact path wins; else the greedy route with the longest matching prefix.
    const pattern = (gatewayPath: string) =>
      new RegExp(`^${gatewayPath.replace('{proxy+}', '\u0000').replace(/\{[^}]+\}/g, '[^/]+').replace('\u0000', '.+')}$`);
    const resolve = (path: string) => {
      const exact = gatewayPaths.filter((p) => !p.endsWith('{proxy+}') && pattern(p).test(path));
      if (exact.length) return owner.get(exact[0]!);
      const proxies = gatewayPaths.filter((p) => p.endsWith('{proxy+}') && pattern(p).test(path));
      const best = proxies.sort((a, b) => b.length - a.length)[0];
      return best ? owner.get(best) : undefined;
    };
    const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');
    for (const name of resourceNames) {
      for (const key of routeTable[name as keyof typeof routeTable].routes) {
        expect(resolve(concrete(key.slice(key.indexOf(' ') + 1))), key).toBe(name);
      }
    }
  });

  it('groups the accounting/ family by its second segment and keeps the organization path exact', () => {
    expect(routePrefix('/api/v1/organizations/{organization_id}/accounting/bills/{bill_id}')).toBe('/api/v1/organizations/{organization_id}/accounting/bills');
    expect(routePrefix('/api/v1/organizations/{organization_id}')).toBe('/api/v1/organizations/{organization_id}');
    expect(routePrefix('/api/v1/login/access-token')).toBe('/api/v1/login');
  });
});

describe('schedules and consumers', () => {
  it('creates an EventBridge rule per schedule targeting that schedule\'s function', () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule')) as { Properties: Record<string, any> }[];
    expect(rules).toHaveLength(Object.keys(schedules).length);
    for (const [name, schedule] of Object.entries(schedules)) {
      const fnId = stack.getLogicalId(stack.jobs.scheduled[name]!.fn.node.defaultChild as CfnElement);
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: schedule.expression,
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 7200 } })],
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Errors', Dimensions: [{ Name: 'FunctionName', Value: { Ref: fnId } }] });
    }
  });

  it('drains a consumer\'s queue in batches, reporting failures item by item', () => {
    const { template: withConsumers } = synthesize({
      consumers: {
        einvoiceSubmitter: { description: 'Submits invoices to JoFotara', entry: 'einvoice/consumer.ts', queue: 'einvoice', batchSize: 5 },
        forecaster: { description: 'Builds forecasts', entry: 'forecasts/consumer.ts', queue: 'forecast', batchSize: 50 },
      },
    });
    const queueIds = Object.entries(withConsumers.findResources('AWS::SQS::Queue'))
      .filter(([, q]) => (q as { Properties: Record<string, unknown> }).Properties.RedrivePolicy).map(([id]) => id);
    const mappings = Object.values(withConsumers.findResources('AWS::Lambda::EventSourceMapping')) as { Properties: Record<string, any> }[];
    expect(mappings).toHaveLength(2);
    for (const mapping of mappings) {
      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(queueIds).toContain(mapping.Properties.EventSourceArn['Fn::GetAtt'][0]);
    }
    expect(mappings.map((m) => m.Properties.BatchSize).sort((a, b) => a - b)).toEqual([5, 50]);
    // Above 10 messages SQS requires a batching window.
    expect(mappings.find((m) => m.Properties.BatchSize === 50)!.Properties.MaximumBatchingWindowInSeconds).toBe(1);
    // The function's timeout leaves the queue's visibility timeout six times as long.
    const consumerTimeouts = resourcesOf([withConsumers], 'AWS::Lambda::Function').map(([, fn]) => fn.Properties.Timeout).filter((t) => t !== 300);
    expect(consumerTimeouts.sort((a, b) => a - b)).toEqual([queues.einvoice.visibilityTimeoutSeconds / 6, queues.forecast.visibilityTimeoutSeconds / 6].sort((a, b) => a - b));
  });

  it('drains a dead-letter queue when a consumer names `<queue>Dlq`', () => {
    const { template: withDeadLetters } = synthesize({
      consumers: { einvoiceDeadLetters: { description: 'Marks abandoned submissions failed', entry: 'e-invoicing/dead-letters.ts', queue: 'einvoiceDlq', batchSize: 10 } },
    });
    const [mapping] = Object.values(withDeadLetters.findResources('AWS::Lambda::EventSourceMapping')) as { Properties: Record<string, any> }[];
    expect(mapping!.Properties.EventSourceArn['Fn::GetAtt'][0]).toMatch(/EinvoiceDeadLetterQueue/);
  });

  it('refuses a consumer of a queue resources.ts does not define', () => {
    expect(() => synthesize({ consumers: { lost: { description: 'x', entry: 'lost/consumer.ts', queue: 'nowhere', batchSize: 1 } } }))
      .toThrow(/drains queue "nowhere"/);
  });
});

describe('CloudFront', () => {
  const distribution = () => (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as { Properties: { DistributionConfig: Record<string, any> } }).Properties.DistributionConfig;

  it('serves the SPA from the private web bucket through origin access control', () => {
    const config = distribution();
    const webOrigin = config.Origins.find((o: any) => o.S3OriginConfig);
    expect(webOrigin.DomainName).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^WebBucket/), 'RegionalDomainName'] });
    expect(webOrigin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: webOrigin.Id,
      ViewerProtocolPolicy: 'redirect-to-https',
      CachePolicyId: CACHING_OPTIMIZED,
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/SpaRouteRewrite/), 'FunctionARN'] } }],
    });
    // The SPA fallback is a viewer-request function: distribution-wide error responses would
    // also turn the API's 403/404 answers into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('routes /api/* to the HTTP API uncached, forwarding every viewer header but Host', () => {
    const config = distribution();
    const apiBehaviour = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
    const apiOrigin = config.Origins.find((o: any) => o.Id === apiBehaviour.TargetOriginId);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('HttpApi');
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(apiBehaviour).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      ViewerProtocolPolicy: 'https-only',
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/ApiPathNormalizer/), 'FunctionARN'] } }],
    });
  });

  it('adds the security headers to the SPA and the API', () => {
    const config = distribution();
    const policyRef = { Ref: expect.stringMatching(/SecurityHeaders/) };
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(policyRef);
    expect(config.CacheBehaviors[0].ResponseHeadersPolicyId).toEqual(policyRef);
    const policy = (Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0] as { Properties: Record<string, any> })
      .Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(policy.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(policy.ContentTypeOptions).toEqual({ Override: true });
    expect(policy.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(policy.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(policy.ContentSecurityPolicy.Override).toBe(true);
  });

  it('deploys nothing to the web bucket when the SPA has not been built', () => {
    expect(Object.keys(template.findResources('Custom::CDKBucketDeployment'))).toHaveLength(0);
  });

  it('has a CSP that allows only the app\'s own scripts and no framing', () => {
    const csp = contentSecurityPolicy('me-central-1', 'amazonaws.com');
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['connect-src']).toContain('https://*.s3.me-central-1.amazonaws.com');
    // CloudFront caps a CSP header at 1783 characters.
    expect(csp.length).toBeLessThan(1783);
  });
});

describe('outputs', () => {
  it('names the API URL, the distribution domain and the table', () => {
    template.hasOutput('ApiUrl', { Value: { 'Fn::Join': ['', Match.arrayWith([{ Ref: Match.stringLikeRegexp('HttpApi') }])] } });
    template.hasOutput('DistributionDomainName', { Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('WebDistribution'), 'DomainName'] } });
    template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('PlatformTable') } });
    template.hasOutput('AppUrl', Match.anyValue());
  });
});

describe('context', () => {
  it('uses a custom domain for the distribution and APP_URL when one is configured', () => {
    const { template: custom, resourceTemplates: customNested } = synthesize({}, {
      context: { [CONTEXT.domainName]: 'app.daftar.jo', [CONTEXT.certificateArn]: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' },
    });
    custom.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.daftar.jo'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc', MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
    const [, fn] = resourcesOf(Object.values(customNested), 'AWS::Lambda::Function')[0]!;
    expect(fn.Properties.Environment.Variables.APP_URL).toBe('https://app.daftar.jo');
  });

  it('refuses a domain without its certificate', () => {
    expect(() => synthesize({}, { context: { [CONTEXT.domainName]: 'app.daftar.jo' } })).toThrow(/go together/);
  });
});
