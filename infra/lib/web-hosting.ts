import { Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_PATH_NORMALIZER, SPA_ROUTE_REWRITE } from './edge-functions.js';

export interface WebHostingProps {
  httpApi: apigwv2.IHttpApi;
  /** web/dist when the SPA has been built; without it the bucket is created empty. */
  webAssetsPath?: string;
  /** A custom domain and its ACM certificate (in us-east-1), when the app has one. */
  customDomain?: { domainName: string; certificateArn: string };
}

/**
 * The Content-Security-Policy of the SPA (and of the API's HTML reference page). Scripts only
 * from the app itself; inline styles are allowed because React and the component library set
 * them; presigned S3 URLs (uploads, exports) are fetched and shown straight from S3.
 */
export function contentSecurityPolicy(region: string, urlSuffix: string): string {
  const s3Hosts = `https://*.s3.${urlSuffix} https://*.s3.${region}.${urlSuffix}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${s3Hosts}`,
    "font-src 'self' data:",
    `connect-src 'self' ${s3Hosts}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * One CloudFront distribution for the whole app: the SPA from a private bucket (origin access
 * control), `/api/*` to the HTTP API uncached, security headers on every response.
 */
export class WebHosting extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly securityHeaders: cloudfront.ResponseHeadersPolicy;
  /** The origin users reach the app on, without a trailing slash. */
  readonly appOrigin: string;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Daftar: security headers for the SPA and the API',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: false, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(stack.region, stack.urlSuffix), override: true },
        // The legacy XSS auditor is itself an attack surface; modern guidance is to turn it off.
        xssProtection: { protection: false, override: true },
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRouteRewrite', {
      comment: 'Serve index.html for client-side routes',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTE_REWRITE),
    });
    const apiPathNormalizer = new cloudfront.Function(this, 'ApiPathNormalizer', {
      comment: 'Drop trailing slashes from API paths',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(API_PATH_NORMALIZER),
    });

    const apiOrigin = new origins.HttpOrigin(Fn.parseDomainName(props.httpApi.apiEndpoint), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });

    const certificate = props.customDomain
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Daftar web app and API',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Includes the Middle East edge locations that serve Jordan.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      ...(props.customDomain && certificate
        ? { domainNames: [props.customDomain.domainName], certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          // A redirect would turn POSTs into GETs; plain HTTP is refused instead.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.securityHeaders,
          functionAssociations: [{ function: apiPathNormalizer, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    this.appOrigin = props.customDomain
      ? `https://${props.customDomain.domainName}`
      : `https://${this.distribution.distributionDomainName}`;

    if (props.webAssetsPath) this.deploy(props.webAssetsPath);
  }

  /**
   * Two passes: Vite's content-hashed files under assets/ first, cached for a year; then
   * index.html and the other unhashed files, revalidated on every load. Neither prunes, so a
   * browser still running the previous build can lazy-load its chunks.
   */
  private deploy(webAssetsPath: string) {
    const hashedAssets = new s3deploy.BucketDeployment(this, 'DeployHashedAssets', {
      sources: [s3deploy.Source.asset(webAssetsPath, { exclude: ['*', '!assets', '!assets/**'] })],
      destinationBucket: this.bucket,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    const entryFiles = new s3deploy.BucketDeployment(this, 'DeployEntryFiles', {
      sources: [s3deploy.Source.asset(webAssetsPath, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html'],
    });
    entryFiles.node.addDependency(hashedAssets);
  }
}
