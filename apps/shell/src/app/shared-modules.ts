import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import { Link, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import * as ReactRedux from 'react-redux';
import * as ReduxToolkit from '@reduxjs/toolkit';
import * as RtkQueryReact from '@reduxjs/toolkit/query/react';
import * as DataAccess from '@cosmic/web-data-access';
import * as Ui from '@cosmic/web-ui';

declare const __SHARED_VERSIONS__: Record<string, string>;

/**
 * react-router-dom is shared as the subset remotes use: sharing the whole package would keep
 * its server code in the shell (~60 KB gzip). A remote needing more must be added here.
 */
const routerSubset = { Link, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams };

const MODULES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react-router-dom': routerSubset,
  'react-redux': ReactRedux,
  '@reduxjs/toolkit': ReduxToolkit,
  '@reduxjs/toolkit/query/react': RtkQueryReact,
  '@cosmic/web-data-access': DataAccess,
  '@cosmic/web-ui': Ui,
};

/** The shell's singletons in the federation runtime's `shared` format. */
export function sharedModules() {
  return Object.fromEntries(
    Object.entries(MODULES).map(([name, mod]) => [
      name,
      {
        version: __SHARED_VERSIONS__[name],
        lib: () => mod,
        shareConfig: { singleton: true, requiredVersion: false as const },
      },
    ]),
  );
}
